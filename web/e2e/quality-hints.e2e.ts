import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { facesFolder, labeledSet } from '@gallery/testing';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  seriousViolations,
  startBrowserTest,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from './product-api.js';

// The couple's queue with quality hints, and Highlights in the gallery: the product as npm start runs it, and
// Chromium. With SCREENSHOTS=dir, the queue's hints are saved there at 360 and 1280 px in English, French and
// Spanish, and the gallery's Highlights at 360 px.

const PHONE = { width: 360, height: 780 };
const CREATE_WALL_LINK = `mutation ($code: String!) { createWallLink(eventCode: $code) { url } }`;
const HIGHLIGHT_IDS = `query ($code: String!) { event(code: $code) { photos(first: 100, order: HIGHLIGHTS) { nodes { id } } } }`;
const PHOTO_IDS = `query ($code: String!) { event(code: $code) { photos(first: 100) { nodes { id } } } }`;
const DESKTOP = { width: 1280, height: 900 };

describe('quality hints and Highlights, in the browser', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function open(path: string, ownerToken?: string, viewport = DESKTOP, language = 'en') {
    const context = await e2e!.browser.newContext({ viewport });
    await context.addInitScript(
      ([token, chosen]) => {
        if (token) localStorage.setItem('authToken', token);
        localStorage.setItem('app-language', chosen);
      },
      [ownerToken ?? '', language] as const,
    );
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}${path}`);
    return page;
  }

  type Page = Awaited<ReturnType<typeof open>>;

  /** The queue's photos guests see, once every thumbnail (and each near-duplicate's) has loaded. */
  async function showShown(page: Page) {
    await page.getByTestId('review-shown-filter').click();
    await page.getByTestId('review-queue').locator('img').first().waitFor({ timeout: 45_000 });
    await page.getByTestId('review-hint-blurry').waitFor({ timeout: 45_000 });
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.review-grid img')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
  }

  it('shows blurry, dark and near-duplicate hints, filters on them and hides all of one at once', async () => {
    const url = e2e!.product.url;
    const { code, sessionToken } = await createGalleryAt(url);
    // One group photo's eight shots: two good, two blurred, two darkened, two near-duplicate pairs.
    const set = await labeledSet(facesFolder(), 1);
    await uploadGuestPhotos(url, code, set.length, { files: set.map((photo) => photo.bytes) });

    const page = await open(`/event/${code}/review`, sessionToken);
    await showShown(page);
    const marks = page.getByTestId('quality-hints');
    expect(await marks.getByText('Blurry', { exact: true }).count()).toBe(2);
    expect(await marks.getByText('Dark', { exact: true }).count()).toBe(2);
    expect(await marks.getByText('Near-duplicate of').count()).toBe(2);
    expect(await marks.getByText('Best of 2 similar photos').count()).toBe(2);
    // The near-duplicate names the photo it is one of, by its thumbnail.
    expect(await marks.getByRole('img', { name: 'the best of its similar photos' }).count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);

    if (process.env.SCREENSHOTS) {
      for (const viewport of [PHONE, DESKTOP]) {
        for (const language of ['en', 'fr', 'es']) {
          const shown = await open(`/event/${code}/review`, sessionToken, viewport, language);
          await shown.locator('html[lang="' + language + '"]').waitFor();
          await showShown(shown);
          expect(await shown.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
          await shown.screenshot({
            path: `${process.env.SCREENSHOTS}/quality-hints-${language}-${viewport.width}.png`,
            fullPage: true,
          });
          await shown.context().close();
        }
      }
    }

    // Only the blurry ones, then all of them hidden at once; nothing else is.
    await page.getByTestId('review-hint-blurry').click();
    await page.waitForFunction(() => document.querySelectorAll('.review-grid > li').length === 2);
    await page.getByRole('button', { name: 'Hide all 2 blurry photos' }).click();
    await page.getByRole('status').getByText('2 photos hidden.').waitFor();
    await page.getByText('No photo here has this hint.').waitFor();
    await page.getByRole('button', { name: 'Shown (8)' }).waitFor();
    await page.getByRole('button', { name: 'Hidden (2)' }).waitFor();

    // Near-duplicates: all but the best of each pair.
    await page.getByTestId('review-hint-near_duplicate').click();
    await page.waitForFunction(() => document.querySelectorAll('.review-grid > li').length === 4);
    await page
      .getByRole('button', { name: 'Hide the near-duplicates, keeping the best of each group' })
      .click();
    await page.getByRole('status').getByText('2 photos hidden.').waitFor();
    await page.getByRole('button', { name: 'Shown (6)' }).waitFor();
    await page.context().close();

    // Highlights in the gallery: the two good shots and the best of each pair, no blurry or dark photo.
    const gallery = await open(`/gallery/${code}`, undefined, PHONE);
    await gallery.getByTestId('order-highlights').click();
    await gallery.waitForFunction(
      () => document.querySelectorAll('img[data-photo-id]').length === 4,
      undefined,
      {
        timeout: 45_000,
      },
    );
    await gallery.context().close();
    if (process.env.SCREENSHOTS) {
      for (const viewport of [PHONE, DESKTOP]) {
        for (const language of ['en', 'fr', 'es']) {
          const shown = await open(`/gallery/${code}`, undefined, viewport, language);
          await shown.locator(`html[lang="${language}"]`).waitFor();
          await shown.getByTestId('order-highlights').click();
          await shown.waitForFunction(() => document.querySelectorAll('img[data-photo-id]').length === 4);
          expect(await shown.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
          await shown.screenshot({
            path: `${process.env.SCREENSHOTS}/highlights-${language}-${viewport.width}.png`,
          });
          await shown.context().close();
          // The event page's wall section, with the Highlights wall beside the wall's own link.
          const settings = await open(`/event/${code}`, sessionToken, viewport, language);
          await settings.locator(`html[lang="${language}"]`).waitFor();
          const section = settings.locator('#wall');
          await section.locator('button').first().click();
          await settings.getByTestId('wall-highlights').waitFor({ timeout: 45_000 });
          expect(await settings.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
          await section.screenshot({
            path: `${process.env.SCREENSHOTS}/wall-settings-${language}-${viewport.width}.png`,
          });
          await settings.context().close();
        }
      }
    }

    // The wall's Highlights mode shows only them.
    const { event } = await graphqlAt<{ event: { photos: { nodes: { id: string }[] } } }>(
      url,
      HIGHLIGHT_IDS,
      { code },
    );
    const highlights = event.photos.nodes.map((photo) => photo.id);
    expect(highlights).toHaveLength(4);
    const { createWallLink } = await graphqlAt<{ createWallLink: { url: string } }>(
      url,
      CREATE_WALL_LINK,
      { code },
      sessionToken,
    );
    // Guests still see the two dark shots (only blurry ones and near-duplicates were hidden): the wall must not.
    const all = await graphqlAt<{ event: { photos: { nodes: { id: string }[] } } }>(url, PHOTO_IDS, { code });
    const left = all.event.photos.nodes.map((photo) => photo.id).filter((id) => !highlights.includes(id));
    expect(left).toHaveLength(2);
    const wall = await e2e!.browser.newPage({ viewport: DESKTOP });
    await wall.goto(`${createWallLink.url.replace(/^https?:\/\/[^/]+/, url)}&mode=highlights`);
    const media = wall.getByTestId('wall-media');
    let shown = await media.getAttribute('data-photo-id', { timeout: 45_000 });
    // Paused, then two rounds of its loop by the arrow key: it meets each of the four, and nothing else.
    await wall.keyboard.press('k');
    await wall.locator('[data-testid="wall"][data-paused="true"]').waitFor();
    const seen = new Set([shown]);
    for (let step = 0; step < 2 * highlights.length; step++) {
      await wall.keyboard.press('ArrowRight');
      await wall.waitForFunction(
        (before) =>
          document.querySelector('[data-testid="wall-media"]')?.getAttribute('data-photo-id') !== before,
        shown,
      );
      shown = await media.getAttribute('data-photo-id');
      seen.add(shown);
    }
    expect([...seen].sort()).toEqual([...highlights].sort());
    await wall.close();
  });
});
