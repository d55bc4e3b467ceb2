import { describe, expect, it } from '@jest/globals';
import { apiOrigin, DEV_GATEWAY_ORIGIN, liveUrl } from './origin';

const page = (url: string) => new URL(url);

describe('apiOrigin', () => {
  it("is the page's own origin in a production build, on localhost too (the gateway serves the app)", () => {
    expect(apiOrigin(page('http://localhost:41234/gallery/KXMP7TQR'), { DEV: false })).toBe(
      'http://localhost:41234',
    );
    expect(apiOrigin(page('https://gallery.example/'), { DEV: false })).toBe('https://gallery.example');
    expect(apiOrigin(page('http://127.0.0.1:5000/'), {})).toBe('http://127.0.0.1:5000');
  });

  it('is the gateway on localhost port 5000 when the dev server serves the page on localhost', () => {
    expect(DEV_GATEWAY_ORIGIN).toBe('http://localhost:5000');
    for (const url of ['http://localhost:5173/', 'http://127.0.0.1:5173/order', 'http://[::1]:5173/']) {
      expect(apiOrigin(page(url), { DEV: true })).toBe('http://localhost:5000');
    }
  });

  it('is VITE_API_ORIGIN instead when the dev server was given one', () => {
    expect(
      apiOrigin(page('http://localhost:5173/'), { DEV: true, VITE_API_ORIGIN: 'http://localhost:40123/' }),
    ).toBe('http://localhost:40123');
  });

  it("stays the page's origin in the dev server away from localhost", () => {
    expect(apiOrigin(page('http://192.168.1.20:5173/'), { DEV: true })).toBe('http://192.168.1.20:5173');
  });
});

describe('liveUrl', () => {
  it("is GraphQL's path on the same origin over ws: or wss:", () => {
    expect(liveUrl('http://localhost:5000')).toBe('ws://localhost:5000/graphql');
    expect(liveUrl('https://gallery.example')).toBe('wss://gallery.example/graphql');
  });
});
