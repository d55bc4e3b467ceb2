import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  startBrowserTest,
  subscribedTo,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from './product-api.js';
import { buttonsOnTwoLines } from './fit-checks.js';

// The guest's side of a gallery on a phone and a desktop, in three languages: the link's language, the viewer
// (fitted, swiped), what guests do not see (plan, expiry) and Download All appearing live when the couple
// allows it. With SCREENSHOTS=dir, the gallery and the viewer are saved there for a look.

const LANGUAGES = [
  { language: 'en', prefix: '', upload: 'Upload Photos', title: 'Photo 1 of 3', next: 'Photo 2 of 3' },
  {
    language: 'fr',
    prefix: '/fr',
    upload: 'Envoyer des photos',
    title: 'Photo 1 sur 3',
    next: 'Photo 2 sur 3',
  },
  { language: 'es', prefix: '/es', upload: 'Subir fotos', title: 'Foto 1 de 3', next: 'Foto 2 de 3' },
] as const;

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

describe('the guest gallery', () => {
  let e2e: BrowserTest | undefined;
  let url: string;
  let code: string;
  let ownerToken: string;

  async function visitor(
    viewport: { width: number; height: number },
    locale = 'en-US',
    touch = false,
  ): Promise<BrowserContext> {
    return e2e!.browser.newContext({ viewport, locale, hasTouch: touch, isMobile: touch });
  }

  async function screenshot(page: Page, name: string): Promise<void> {
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: path.join(process.env.SCREENSHOTS, `${name}.png`) });
  }

  /** Elements of the open dialog that stick out of it (a button running past its edge, say). */
  async function overflowingInDialog(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const dialog = document.querySelector('dialog[open]')!;
      const box = dialog.getBoundingClientRect();
      return [...dialog.querySelectorAll('*')]
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          // Nothing of no area shows past the dialog's edge (the empty toast list fixed along the viewport's foot).
          if (rect.width === 0 || rect.height === 0) return false;
          return rect.left < box.left - 0.5 || rect.right > box.right + 0.5 || rect.width > box.width + 0.5;
        })
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent}`);
    });
  }

  beforeAll(async () => {
    e2e = await startBrowserTest();
    url = e2e.product.url;
    ({ code, ownerToken } = await createGalleryAt(url));
    await uploadGuestPhotos(url, code, 2, { guestName: 'Anna', size: [960, 640] });
    await uploadGuestPhotos(url, code, 1, { guestName: 'Maximiliano Fernández', size: [480, 720] });
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  it.each(LANGUAGES)(
    'opens $prefix/gallery/{code} in its language, without the plan or expiry, and fits a phone',
    async ({ language, prefix, upload }) => {
      // One visit, opened on the phone, then widened to the desktop.
      const context = await visitor(
        PHONE,
        language === 'en' ? 'en-US' : `${language}-${language.toUpperCase()}`,
      );
      const page = await context.newPage();
      await page.goto(`${url}${prefix}/gallery/${code}`);
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await page.getByRole('heading', { name: 'Sarah & Mike' }).waitFor({ timeout: 45_000 });
        await page.getByRole('button', { name: upload }).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        expect(await page.getByTestId('gallery-plan').count()).toBe(0);
        expect(await page.getByTestId('gallery-expiry').count()).toBe(0);
        expect(await page.getByTestId('language-offer').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
        // Under the landing's one action, the guest's others (Share Gallery; no QR code, the couple's), each on one line.
        await page.locator('.gallery-actions .button').first().waitFor();
        expect(await buttonsOnTwoLines(page, '.gallery-actions')).toEqual([]);
        await page.locator('img[data-photo-id]').first().waitFor();
        await screenshot(page, `gallery-${language}-${viewport.width}`);
      }
      await context.close();
    },
    120_000,
  );

  it.each(LANGUAGES)(
    'shows the viewer fitted at 360 px and 1280 px in $language, the caption under the photo',
    async ({ language, prefix, title }) => {
      for (const viewport of [PHONE, DESKTOP]) {
        const context = await visitor(viewport, `${language}`);
        const page = await context.newPage();
        await page.goto(`${url}${prefix}/gallery/${code}`);
        await page.locator('img[data-photo-id]').first().click({ timeout: 45_000 });
        const viewer = page.getByRole('dialog');
        await viewer.getByRole('heading', { name: title }).waitFor();
        const image = viewer.locator('img[data-photo-id]');
        await page.waitForFunction(
          () => (document.querySelector('dialog img') as HTMLImageElement)?.complete,
        );

        expect(await overflowingInDialog(page)).toEqual([]);
        const dialogBox = (await viewer.boundingBox())!;
        const imageBox = (await image.boundingBox())!;
        const caption = (await viewer.locator('figcaption').boundingBox())!;
        // Centred, within the dialog, and the caption below it.
        expect(Math.abs(imageBox.x + imageBox.width / 2 - (dialogBox.x + dialogBox.width / 2))).toBeLessThan(
          2,
        );
        expect(imageBox.width).toBeLessThanOrEqual(dialogBox.width);
        expect(caption.y).toBeGreaterThanOrEqual(imageBox.y + imageBox.height - 1);
        for (const button of await viewer.getByRole('button').all()) {
          if (viewport === PHONE) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
        }
        await screenshot(page, `viewer-${language}-${viewport.width}`);
        await context.close();
      }
    },
    120_000,
  );

  it('moves to the next photo on a swipe to the left', async () => {
    const context = await visitor({ width: 390, height: 844 }, 'en-US', true);
    const page = await context.newPage();
    await page.goto(`${url}/gallery/${code}`);
    await page.locator('img[data-photo-id]').first().click({ timeout: 45_000 });
    const viewer = page.getByRole('dialog');
    await viewer.getByRole('heading', { name: 'Photo 1 of 3' }).waitFor();

    const stage = (await viewer.getByTestId('viewer-stage').boundingBox())!;
    const y = stage.y + stage.height / 2;
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: x === undefined ? [] : [{ x, y, id: 1 }],
      });
    await touch('touchStart', stage.x + stage.width - 30);
    for (let step = 1; step <= 6; step++) await touch('touchMove', stage.x + stage.width - 30 - step * 40);
    await touch('touchEnd');

    await viewer.getByRole('heading', { name: 'Photo 2 of 3' }).waitFor();
    await context.close();
  }, 60_000);

  it('zooms with two fingers, pans the zoomed photo with one instead of moving on, and zooms out with a double tap', async () => {
    const context = await visitor({ width: 390, height: 844 }, 'en-US', true);
    const page = await context.newPage();
    await page.goto(`${url}/gallery/${code}`);
    await page.locator('img[data-photo-id]').first().click({ timeout: 45_000 });
    const viewer = page.getByRole('dialog');
    await viewer.getByRole('heading', { name: 'Photo 1 of 3' }).waitFor();
    const stage = (await viewer.getByTestId('viewer-stage').boundingBox())!;
    const x = stage.x + stage.width / 2;
    const y = stage.y + stage.height / 2;
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: points.map((point, id) => ({ ...point, id })),
      });
    const scale = () =>
      viewer
        .locator('img[data-photo-id]')
        .evaluate((image) => new DOMMatrix(getComputedStyle(image).transform).a);

    await touch('touchStart', [
      { x: x - 20, y },
      { x: x + 20, y },
    ]);
    for (let step = 1; step <= 5; step++) {
      await touch('touchMove', [
        { x: x - 20 - step * 20, y },
        { x: x + 20 + step * 20, y },
      ]);
    }
    await touch('touchEnd', []);
    await page.waitForFunction(
      () => new DOMMatrix(getComputedStyle(document.querySelector('dialog img')!).transform).a > 2,
    );

    await touch('touchStart', [{ x: x + 60, y }]);
    for (let step = 1; step <= 4; step++) await touch('touchMove', [{ x: x + 60 - step * 40, y }]);
    await touch('touchEnd', []);
    await viewer.getByRole('heading', { name: 'Photo 1 of 3' }).waitFor();
    expect(await scale()).toBeGreaterThan(2);

    await viewer.getByTestId('viewer-stage').dblclick();
    await page.waitForFunction(
      () => new DOMMatrix(getComputedStyle(document.querySelector('dialog img')!).transform).a === 1,
    );
    await context.close();
  }, 60_000);

  it("offers a guest their browser's language on a link in another, and remembers the choice", async () => {
    const context = await visitor(PHONE, 'en-US');
    const page = await context.newPage();
    await page.goto(`${url}/fr/gallery/${code}`);
    await page.getByRole('button', { name: 'Envoyer des photos' }).waitFor({ timeout: 45_000 });
    await page.getByRole('link', { name: 'View in English' }).click();

    await page.getByRole('button', { name: 'Upload Photos' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/gallery/${code}`);
    expect(await page.getByTestId('language-offer').count()).toBe(0);
    await context.close();
  }, 60_000);

  it('shows Download All to a guest as soon as the couple allows it, without a reload', async () => {
    const context = await visitor(PHONE);
    const page = await context.newPage();
    // The couple's change must come after the screen listens for it: on a busy machine the page showed its
    // buttons, the change went out, and only then did the page ask for the updates.
    const listening = subscribedTo(page, 'eventUpdated');
    // The race made to happen: the button's first read of the setting is answered before the couple's change but
    // reaches the page only after the change was pushed, as on a busy machine. That stale answer must not win.
    let releaseStale = () => {};
    const staleHeld = new Promise<void>((resolve) => (releaseStale = resolve));
    let firstRead = true;
    let staleRead = () => {};
    const staleAnswered = new Promise<void>((resolve) => (staleRead = resolve));
    await page.route('**/graphql', async (route) => {
      if (!firstRead || !route.request().postData()?.includes('DownloadRights')) return route.fallback();
      firstRead = false;
      const stale = await route.fetch();
      staleRead();
      await staleHeld;
      await route.fulfill({ response: stale }).catch(() => undefined);
    });
    const pushed = new Promise<void>((resolve) =>
      page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).includes('"guestDownloadsAllowed":true')) resolve();
        }),
      ),
    );
    await page.goto(`${url}/gallery/${code}`);
    await page.getByRole('button', { name: 'Upload Photos' }).waitFor({ timeout: 45_000 });
    expect(await page.getByRole('button', { name: 'Download All' }).count()).toBe(0);
    await listening;
    await staleAnswered;
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });

    await graphqlAt(
      url,
      'mutation ($code: String!) { setGuestDownloads(eventCode: $code, allowed: true) { code } }',
      { code },
      ownerToken,
    );
    await pushed;
    releaseStale();

    await page.getByRole('button', { name: 'Download All' }).waitFor({ timeout: 20_000 });
    expect(reloaded).toBe(false);
    await context.close();
  }, 60_000);
});
