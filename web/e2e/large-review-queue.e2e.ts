import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  seedPhotos,
  startBrowserTest,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, graphqlAt, upgradeToPremiumAt, uploadGuestPhotos } from './product-api.js';

// The couple's approval queue when the whole wedding waits on it: 1,500 photos sent with approval on. On a phone
// the queue keeps only the rows near the screen in the page (a bounded number of items, however far the couple
// scrolls), reads the next page as the end comes near, and keeps the selection of items that left the page and
// came back, and the focus on an item whose row scrolled away. The gallery is three real photos and the rest rows
// copied from them straight into media's database, waiting as they do.

const PHOTOS = 1_500;
const UPLOADED = 3;
/** The most items the queue may hold in the page at once on a phone (two columns, a few rows either way). */
const MOST_ITEMS = 60;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const ITEMS = '[data-testid="review-queue"] > li';

const SET_PRIVACY = `mutation ($code: String!, $settings: PrivacySettingsInput!) {
  setPrivacySettings(eventCode: $code, settings: $settings) { code }
}`;

describe('the approval queue of a 1,500-photo gallery on a phone', () => {
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

  it('scrolls to the last photo with a bounded page, keeping the selection and the focus', async () => {
    const context = await e2e!.browser.newContext(PHONE);
    await context.addInitScript((token) => localStorage.setItem('authToken', token), sessionToken);
    const page = await context.newPage();
    await page.goto(`${url}/event/${code}/review`);
    const items = page.locator(ITEMS);
    await items.first().waitFor();
    await expect(page.getByTestId('review-waiting-filter').textContent()).resolves.toBe(
      `Waiting (${PHOTOS})`,
    );

    // Two photos chosen: the first, and the fifth, which keeps the focus (its checkbox was clicked last).
    const first = (await items.nth(0).getAttribute('data-photo-id'))!;
    const fifth = (await items.nth(4).getAttribute('data-photo-id'))!;
    await page.locator(`${ITEMS}[data-photo-id="${first}"] input[type="checkbox"]`).click();
    await page.locator(`${ITEMS}[data-photo-id="${fifth}"] input[type="checkbox"]`).click();
    await expect(page.getByText('2 selected').count()).resolves.toBe(1);

    // To the end, a page read at a time as the end comes near: never more than MOST_ITEMS in the page.
    await page.evaluate(() => ((window as unknown as { mostItems: number }).mostItems = 0));
    for (let height = 0; ;) {
      const reached = await page.waitForFunction(
        ({ items, photos, before }) => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          const shown = [...document.querySelectorAll(items)];
          const holder = window as unknown as { mostItems: number };
          holder.mostItems = Math.max(holder.mostItems, shown.length);
          const last = shown.at(-1);
          if (
            last?.getAttribute('aria-posinset') === String(photos) &&
            last.getAttribute('aria-setsize') === String(photos)
          )
            return { end: true, height: 0 };
          const now = document.documentElement.scrollHeight;
          return now > before ? { end: false, height: now } : null;
        },
        { items: ITEMS, photos: PHOTOS, before: height },
        { polling: 100, timeout: 30_000 },
      );
      const { end, height: grown } = (await reached.jsonValue())!;
      if (end) break;
      height = grown;
    }
    const most = await page.evaluate(() => (window as unknown as { mostItems: number }).mostItems);
    expect(most).toBeLessThanOrEqual(MOST_ITEMS);
    await expect(items.count()).resolves.toBeLessThanOrEqual(MOST_ITEMS);
    await expect(page.getByRole('button', { name: 'Show more' }).count()).resolves.toBe(0);
    // The first photo's row left the page; the focused one's stayed, with the focus.
    await expect(page.locator(`${ITEMS}[data-photo-id="${first}"]`).count()).resolves.toBe(0);
    await expect(
      page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-photo-id')),
    ).resolves.toBe(fifth);

    // Back at the top, both are still chosen; approving the selection approves those two.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator(`${ITEMS}[data-photo-id="${first}"] input[type="checkbox"]:checked`).waitFor();
    await page.locator(`${ITEMS}[data-photo-id="${fifth}"] input[type="checkbox"]:checked`).waitFor();
    await expect(page.getByText('2 selected').count()).resolves.toBe(1);
    await page.getByTestId('approve-selected').click();
    await page.getByText('2 photos approved.').waitFor();
    await page.waitForFunction(
      (waiting) => document.querySelector('[data-testid="review-waiting-filter"]')?.textContent === waiting,
      `Waiting (${PHOTOS - 2})`,
    );
    await page.locator(`${ITEMS}[data-photo-id="${first}"]`).waitFor({ state: 'detached' });
  }, 240_000);
});
