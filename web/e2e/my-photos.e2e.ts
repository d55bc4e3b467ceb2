import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, type BrowserTest } from './browser.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from './product-api.js';

// A guest comes back the next day in the same browser and finds their own photos under "My photos": the server
// picks them by the browser's signed guest identity, never by a list the page sends, so nobody else's show, and
// another browser, or a forged identity, gets none of them.

const PHONE = { width: 360, height: 780 };

const MY_PHOTOS = `query ($code: String!) { event(code: $code) { photos(first: 100, mine: true) { nodes { id } } } }`;

describe('My photos', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function openIn(context: BrowserContext, code: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}/gallery/${code}`);
    await page.getByTestId('photo-file-input').waitFor({ state: 'attached', timeout: 45_000 });
    return page;
  }

  const shownIds = (page: Page) =>
    page
      .locator('.photo-grid img[data-photo-id]')
      .evaluateAll((images) => images.map((image) => image.getAttribute('data-photo-id')!).sort());

  it("shows a returning guest their own uploads and nothing of anyone else's", async () => {
    const url = e2e!.product.url;
    const { code } = await createGalleryAt(url);
    const annasBrowser = await e2e!.browser.newContext({ viewport: PHONE });
    const anna = await openIn(annasBrowser, code);

    // Anna adds two photos through the page; Tom, in his browser, adds three.
    for (const colour of ['#c96', '#69c']) {
      const before = await anna.locator('img[data-photo-id]').count();
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
      await anna
        .getByTestId('photo-file-input')
        .setInputFiles([{ name: 'IMG_1.jpg', mimeType: 'image/jpeg', buffer: photo }]);
      await anna.waitForFunction(
        (count) => document.querySelectorAll('img[data-photo-id]').length > count,
        before,
      );
    }
    const annasIds = await shownIds(anna);
    expect(annasIds).toHaveLength(2);
    const tomsBrowser = await e2e!.browser.newContext({ viewport: PHONE });
    const tom = await openIn(tomsBrowser, code);
    const tomsToken = await tom.evaluate(
      () => (JSON.parse(localStorage.getItem('galleryGuestIdentity')!) as { token: string }).token,
    );
    const tomsIds = (await uploadGuestPhotos(url, code, 3, { guestIdentity: tomsToken })).sort();

    // The next day: the same browser, a new page. Everyone's five photos, then only Anna's two.
    await anna.close();
    const returning = await openIn(annasBrowser, code);
    await returning.getByTestId('photo-count').getByText('5 photos').waitFor({ timeout: 45_000 });
    const mine = returning.getByTestId('my-photos');
    expect(await mine.textContent()).toBe('My photos');
    expect(await mine.getAttribute('aria-pressed')).toBe('false');
    await mine.click();
    expect(await mine.getAttribute('aria-pressed')).toBe('true');
    await returning.waitForFunction(
      () => document.querySelectorAll('.photo-grid img[data-photo-id]').length === 2,
    );
    expect(await shownIds(returning)).toEqual(annasIds);
    if (process.env.SCREENSHOTS) {
      await returning.screenshot({ path: `${process.env.SCREENSHOTS}/my-photos-en-360.png`, fullPage: true });
    }
    // Back to everyone's.
    await returning.getByTestId('order-newest').click();
    await returning.waitForFunction(
      () => document.querySelectorAll('.photo-grid img[data-photo-id]').length === 5,
    );
    expect(await shownIds(returning)).toEqual([...annasIds, ...tomsIds].sort());

    // A browser that uploaded nothing sees none under My photos, and says so.
    const newcomer = await openIn(await e2e!.browser.newContext({ viewport: PHONE }), code);
    await newcomer.getByTestId('my-photos').click();
    await newcomer
      .getByText(
        'You have not added any photos to this gallery yet. The photos you add from this browser show here.',
      )
      .waitFor();
    expect(await newcomer.locator('.photo-grid img[data-photo-id]').count()).toBe(0);

    // The server decides: Tom's identity gets his three; none gets nothing; a forged one gets nothing.
    const mineAs = async (identity?: string) => {
      const { event } = await graphqlAt<{ event: { photos: { nodes: { id: string }[] } } }>(
        url,
        MY_PHOTOS,
        { code },
        undefined,
        identity ? { 'x-guest-identity': identity } : {},
      );
      return event.photos.nodes.map((node) => node.id).sort();
    };
    expect(await mineAs(tomsToken)).toEqual(tomsIds);
    expect(await mineAs()).toEqual([]);
    // Tom's id with a signature the server did not make.
    expect(await mineAs(`${tomsToken.slice(0, -43)}${'A'.repeat(43)}`)).toEqual([]);
  }, 180_000);
});
