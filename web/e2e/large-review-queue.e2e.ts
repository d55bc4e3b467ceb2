import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  seedPhotos,
  startBrowserTest,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, graphqlAt, upgradeToPremiumAt, uploadGuestPhotos } from './product-api.js';

// The couple's approval queue when the whole wedding waits on it: 10,000 photos sent with approval on. The queue
// holds a page of them at a time on a phone (a bounded number of tiles in the page, however many wait), says how
// many wait in all, and shows the next page on "Show more". The gallery is three real photos and the rest rows
// copied from them straight into media's database, waiting as they do.

const PHOTOS = 10_000;
const UPLOADED = 3;
/** The queue's page (REVIEW_PAGE_SIZE). */
const PAGE = 60;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const SET_PRIVACY = `mutation ($code: String!, $settings: PrivacySettingsInput!) {
  setPrivacySettings(eventCode: $code, settings: $settings) { code }
}`;

describe('the approval queue of a 10,000-photo gallery on a phone', () => {
  let e2e: BrowserTest | undefined;
  let url: string;
  let code: string;
  let sessionToken: string;

  beforeAll(async () => {
    e2e = await startBrowserTest();
    url = e2e.product.url;
    const gallery = await createGalleryAt(url);
    code = gallery.code;
    sessionToken = gallery.sessionToken;
    await upgradeToPremiumAt(url, code, gallery.ownerToken);
    await graphqlAt(
      url,
      SET_PRIVACY,
      { code, settings: { guestOriginalsAllowed: true, approval: true } },
      sessionToken,
    );
    await uploadGuestPhotos(url, code, UPLOADED, { size: [320, 240] });
    await seedPhotos(e2e, code, PHOTOS - UPLOADED);
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  it('holds a page of the waiting photos at a time, with the count of them all', async () => {
    const context = await e2e!.browser.newContext(PHONE);
    await context.addInitScript((token) => localStorage.setItem('authToken', token), sessionToken);
    const page = await context.newPage();
    await page.goto(`${url}/event/${code}/review`);
    const tiles = page.locator('[data-testid="review-queue"] > li');
    await tiles.first().waitFor();

    await expect(page.getByTestId('review-waiting-filter').textContent()).resolves.toBe(
      `Waiting (${PHOTOS})`,
    );
    await expect(tiles.count()).resolves.toBe(PAGE);

    await page.getByRole('button', { name: 'Show more' }).click();
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="review-queue"] > li').length > count,
      PAGE,
    );
    await expect(tiles.count()).resolves.toBe(2 * PAGE);
  }, 120_000);
});
