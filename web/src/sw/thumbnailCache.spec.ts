import { describe, expect, it } from '@jest/globals';
import {
  MAX_THUMBNAILS,
  THUMBNAILS_BETWEEN_TRIMS,
  ThumbnailKeeper,
  thumbnail,
  type ThumbnailCache,
} from './thumbnailCache';

// The service worker keeps the thumbnails a guest has seen (a gallery opened offline shows them). A guest
// scrolling through thousands of photos passes thousands of tiles: keeping them must not slow each next
// thumbnail down, and a tile that left the page must not go on downloading.

/** Cache Storage's Cache as a Map, oldest first, counting how often its keys are listed. */
function fakeCache() {
  const entries = new Map<string, string>();
  let listings = 0;
  const cache: ThumbnailCache = {
    match: async (url) => {
      const body = entries.get(String(url));
      return body === undefined ? undefined : new Response(body);
    },
    put: async (url, response) => {
      const body = await response.text();
      entries.delete(String(url));
      entries.set(String(url), body);
    },
    keys: async () => {
      listings += 1;
      return [...entries.keys()].map((url) => new Request(url));
    },
    delete: async (url) => entries.delete(url instanceof Request ? url.url : String(url)),
  };
  return { cache, entries, listings: () => listings };
}

const photoUrl = (index: number) => `https://gallery.test/media/photos/${index}/thumbnail`;

describe("the service worker's thumbnails", () => {
  it('lists its cache once every THUMBNAILS_BETWEEN_TRIMS thumbnails, not for each, and keeps at most about MAX_THUMBNAILS', async () => {
    const { cache, entries, listings } = fakeCache();
    const keeper = new ThumbnailKeeper();
    const kept = MAX_THUMBNAILS * 3;
    for (let index = 0; index < kept; index++) {
      await keeper.keep(cache, photoUrl(index), new Response('jpeg'));
      expect(entries.size).toBeLessThan(MAX_THUMBNAILS + THUMBNAILS_BETWEEN_TRIMS);
    }
    expect(listings()).toBe(Math.floor(kept / THUMBNAILS_BETWEEN_TRIMS));
    // The newest stay.
    expect(entries.has(photoUrl(kept - 1))).toBe(true);
    expect(entries.has(photoUrl(0))).toBe(false);
  });

  it("downloads with the page's signal: a tile that leaves the page cancels its thumbnail, and nothing is asked again", async () => {
    const { cache, entries } = fakeCache();
    const page = new AbortController();
    const asked: (RequestInit | undefined)[] = [];
    const network = ((_input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(init);
      return new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }) as typeof fetch;
    const answer = thumbnail(
      new Request(photoUrl(1), { signal: page.signal }),
      cache,
      () => undefined,
      network,
    );
    await expect(Promise.race([answer, Promise.resolve('pending')])).resolves.toBe('pending');

    page.abort();
    await expect(answer).rejects.toThrow('aborted');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.mode).toBe('cors');
    expect(entries.size).toBe(0);
  });

  it('answers from the copy seen before without the network, and keeps a new one after answering', async () => {
    const { cache, entries } = fakeCache();
    let downloads = 0;
    const network = (async () => {
      downloads += 1;
      return new Response('jpeg', { headers: { 'content-type': 'image/jpeg' } });
    }) as typeof fetch;
    const keeping: Promise<void>[] = [];
    const first = await thumbnail(new Request(photoUrl(2)), cache, (work) => keeping.push(work), network);
    await expect(first.text()).resolves.toBe('jpeg');
    await Promise.all(keeping);
    expect(entries.has(photoUrl(2))).toBe(true);

    const again = await thumbnail(new Request(photoUrl(2)), cache, () => undefined, network);
    await expect(again.text()).resolves.toBe('jpeg');
    expect(downloads).toBe(1);
  });
});
