/** Thumbnails kept (about 40 kB each): a long evening of photos, not the whole disk. */
export const MAX_THUMBNAILS = 600;
/**
 * Thumbnails kept between two trims of the oldest. Listing the cache's keys for every thumbnail made each one
 * slower than the last: a guest who had scrolled through a gallery of thousands waited minutes for the tiles on
 * their screen.
 */
export const THUMBNAILS_BETWEEN_TRIMS = 60;

/** What the worker uses of Cache Storage's Cache. */
export type ThumbnailCache = Pick<Cache, 'match' | 'put' | 'keys' | 'delete'>;

/**
 * A photo's thumbnail: the copy seen before, else the network's. The stable URL redirects to a short-lived
 * storage URL; the bytes are kept under the stable one. Fetched with CORS (storage allows it) so the cached copy
 * is a readable answer, not an opaque one, and with the page's signal: a tile that left the page (a guest flinging
 * through the gallery) cancels its download, so the tiles on screen do not wait behind it. The copy is kept once
 * the answer has gone to the page (`keep`, the fetch event's waitUntil).
 */
export async function thumbnail(
  request: Request,
  cache: ThumbnailCache,
  keep: (work: Promise<void>) => void,
  network: typeof fetch = fetch,
): Promise<Response> {
  const cached = await cache.match(request.url);
  if (cached) return cached;
  const response = await network(request.url, {
    mode: 'cors',
    credentials: 'omit',
    signal: request.signal,
  }).catch((error: unknown) => {
    if (request.signal.aborted) throw error;
    return network(request);
  });
  if (response.ok && response.type !== 'opaque') keep(keeper.keep(cache, request.url, response.clone()));
  return response;
}

/** Keeps thumbnails' copies, and after every THUMBNAILS_BETWEEN_TRIMS of them drops the oldest beyond MAX_THUMBNAILS. */
export class ThumbnailKeeper {
  private keptSinceTrim = 0;
  private trimming: Promise<void> | null = null;

  async keep(cache: ThumbnailCache, url: string, copy: Response): Promise<void> {
    // A download the page cancelled half-way leaves nothing to keep.
    if (
      !(await cache.put(url, copy).then(
        () => true,
        () => false,
      ))
    )
      return;
    this.keptSinceTrim += 1;
    if (this.keptSinceTrim < THUMBNAILS_BETWEEN_TRIMS || this.trimming) return;
    this.keptSinceTrim = 0;
    this.trimming = (async () => {
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - MAX_THUMBNAILS))) await cache.delete(old);
    })().finally(() => {
      this.trimming = null;
    });
    await this.trimming;
  }
}

const keeper = new ThumbnailKeeper();
