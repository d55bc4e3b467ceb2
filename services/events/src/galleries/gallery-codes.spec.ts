import { describe, expect, it } from '@jest/globals';
import { isGalleryCode } from '@gallery/contracts';
import { EventsConfig } from '../config/events-config.js';
import { GalleryCodes } from './gallery-codes.js';

const config = (galleryCodesSeed?: string) =>
  new EventsConfig({
    host: '127.0.0.1',
    port: 0,
    databaseUrl: 'postgres://unused',
    natsUrl: 'nats://unused',
    publicUrl: 'http://localhost:5000',
    mail: null,
    galleryCodesSeed,
  });

describe('gallery codes', () => {
  it('draws the same codes from the same seed on every start (the docs screenshots)', () => {
    const draw = (codes: GalleryCodes) => [codes.next(), codes.next(), codes.next()];
    const first = draw(new GalleryCodes(config('screens')));
    expect(draw(new GalleryCodes(config('screens')))).toEqual(first);
    expect(new Set(first).size).toBe(3);
    expect(first.every((code) => isGalleryCode(code))).toBe(true);
  });

  it('draws random codes without a seed', () => {
    const codes = new GalleryCodes(config());
    expect(codes.next()).not.toBe(new GalleryCodes(config()).next());
  });
});
