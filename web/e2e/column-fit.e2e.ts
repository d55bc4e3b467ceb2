import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, type BrowserTest } from './browser.js';
import { outsideColumns } from './fit-checks.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from './product-api.js';

// The gallery keeps one column on a 360 px phone and a 1280 px desktop, in each language: the order pills, the
// grid and every other part start and end where the actions do. A French or Spanish gallery opened in an English
// browser says why it offers English; the couple's gallery link wraps after a slash, never inside its code; the
// empty wall's message sits in the middle of the screen. With SCREENSHOTS=dir, each screen is saved there.

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const VIEWPORTS = [PHONE, DESKTOP];
const LANGUAGES = ['en', 'fr', 'es'] as const;

/**
 * What the gallery page draws outside the column its actions' content stands in. A tile's image, zoomed on hover,
 * is clipped by its tile, which is checked.
 */
const outsideColumn = (page: Page) =>
  outsideColumns(page, '.gallery-actions-wrap', { contents: '.gallery-page *', skip: '.photo-tile img' });

/** How far (px, rounded) the challenges' title, the table filter's field and the first order pill start from the column's left. */
function columnStarts(page: Page): Promise<Record<'challenges' | 'tables' | 'order', number>> {
  return page.evaluate(() => {
    const wrap = document.querySelector('.gallery-actions-wrap')!;
    const left = wrap.getBoundingClientRect().left + parseFloat(getComputedStyle(wrap).paddingLeft);
    const from = (selector: string) =>
      Math.round(document.querySelector(selector)!.getBoundingClientRect().left - left);
    return {
      challenges: from('.challenges-head h2'),
      tables: from('.table-filter select'),
      order: from('.hearts-sort .button'),
    };
  });
}

describe('one column on a phone and a desktop', () => {
  let e2e: BrowserTest | undefined;
  let url: string;
  let code: string;
  let frenchCode: string;

  beforeAll(async () => {
    e2e = await startBrowserTest();
    url = e2e.product.url;
    const created = await createGalleryAt(url);
    code = created.code;
    // Photo challenges and photos from two tables' cards: the challenges' panel and the table filter show.
    await graphqlAt(
      url,
      `mutation ($code: String!, $challenges: [ChallengePromptInput!]!) {
        setChallenges(eventCode: $code, challenges: $challenges) { id }
      }`,
      { code, challenges: [{ prompt: 'A selfie with the bride' }] },
      created.sessionToken,
    );
    await uploadGuestPhotos(url, code, 6, { size: [320, 240] });
    await uploadGuestPhotos(url, code, 1, { size: [320, 240], table: 3 });
    await uploadGuestPhotos(url, code, 1, { size: [320, 240], table: 12 });
    ({ code: frenchCode } = await createGalleryAt(url, { language: 'fr' }));
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function open(path: string, viewport: { width: number; height: number }, locale = 'en-US') {
    const context = await e2e!.browser.newContext({ viewport, locale });
    const page = await context.newPage();
    await page.goto(`${url}${path}`);
    return page;
  }

  it.each(LANGUAGES.flatMap((language) => VIEWPORTS.map((viewport) => [language, viewport] as const)))(
    'keeps the gallery inside its column (%s, %o)',
    async (language, viewport) => {
      const page = await open(
        `${language === 'en' ? '' : `/${language}`}/gallery/${code}`,
        viewport,
        language,
      );
      await page.locator('.photo-grid img[data-photo-id]').nth(7).waitFor({ timeout: 45_000 });
      await page.getByTestId('my-photos').waitFor();
      await page.locator('.table-filter select').waitFor();
      await page.locator('.challenges-head h2').waitFor();
      expect(await outsideColumn(page)).toEqual([]);
      // The parts start where the column does: the challenges' title, the table filter, the order pills.
      expect(await columnStarts(page)).toEqual({ challenges: 0, tables: 0, order: 0 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      if (process.env.SCREENSHOTS) {
        await page.screenshot({
          path: `${process.env.SCREENSHOTS}/gallery-${language}-${viewport.width}.png`,
          fullPage: true,
        });
      }
      await page.context().close();
    },
    90_000,
  );

  it('says why it offers English on a French gallery, in a bar inside the column', async () => {
    const page = await open(`/fr/gallery/${frenchCode}`, PHONE);
    const offer = page.getByTestId('language-offer');
    await offer.waitFor({ timeout: 45_000 });
    expect(await offer.locator('p').textContent()).toBe('This gallery is in French.');
    expect(await offer.getByRole('link').textContent()).toBe('View in English');
    expect(await offer.getByRole('button').textContent()).toBe('Keep French');
    expect(await outsideColumn(page)).toEqual([]);
    if (process.env.SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/language-offer-fr-360.png` });
    }
    await offer.getByRole('button', { name: 'Keep French' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: 'Envoyer des photos' }).waitFor({ timeout: 45_000 });
    expect(await page.getByTestId('language-offer').count()).toBe(0);
    await page.context().close();
  }, 90_000);

  it.each(VIEWPORTS)(
    "writes the couple's gallery link whole-coded on the event page (%o)",
    async (viewport) => {
      const { code: ownCode, sessionToken } = await createGalleryAt(url);
      const context = await e2e!.browser.newContext({ viewport });
      await context.addInitScript((token) => localStorage.setItem('authToken', token), sessionToken);
      const page = await context.newPage();
      await page.goto(`${url}/event/${ownCode}`);
      const link = page.locator('.share-link .gallery-link');
      await link.waitFor({ timeout: 45_000 });
      expect(await link.textContent()).toBe(`${url}/gallery/${ownCode}`);
      // The code is one line box: its text never wraps inside.
      const codeLines = await link
        .locator('.url-text-last')
        .evaluate((element) => element.getClientRects().length);
      expect(codeLines).toBe(1);
      const [linkBox, rowBox] = await Promise.all([
        link.boundingBox(),
        page.locator('.share-link').boundingBox(),
      ]);
      expect(linkBox!.x + linkBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width + 0.5);
      await context.close();
    },
    90_000,
  );

  it.each(VIEWPORTS)(
    "centres the empty wall's message (%o)",
    async (viewport) => {
      const { code: wallCode, sessionToken } = await createGalleryAt(url);
      const { createWallLink } = await graphqlAt<{ createWallLink: { url: string } }>(
        url,
        'mutation ($code: String!) { createWallLink(eventCode: $code) { url } }',
        { code: wallCode },
        sessionToken,
      );
      const page = await open(createWallLink.url.replace(/^https?:\/\/[^/]+/, ''), viewport);
      const empty = page.locator('.wall-empty');
      await empty.waitFor({ timeout: 45_000 });
      const centre = await empty.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const text = range.getBoundingClientRect();
        return { x: text.left + text.width / 2, y: text.top + text.height / 2 };
      });
      expect(Math.abs(centre.x - viewport.width / 2)).toBeLessThanOrEqual(2);
      expect(Math.abs(centre.y - viewport.height / 2)).toBeLessThanOrEqual(2);
      if (process.env.SCREENSHOTS) {
        await page.screenshot({ path: `${process.env.SCREENSHOTS}/wall-empty-${viewport.width}.png` });
      }
    },
    90_000,
  );
});
