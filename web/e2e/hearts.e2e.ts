import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  seriousViolations,
  startBrowserTest,
  until,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, uploadGuestPhotos } from './product-api.js';

/** Where the screenshots of the heart button go, to be looked at (git-ignored test output). */
const SHOTS = new URL('../../test-results/hearts/', import.meta.url);

describe('hearts in the browser', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function guest(code: string, width: number): Promise<Page> {
    const context = await e2e!.browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}/gallery/${code}`);
    await page.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
    return page;
  }

  it("a guest's heart reaches a second guest's screen live; the button says its count and state", async () => {
    const { code } = await createGalleryAt(e2e!.product.url);
    const [first] = await uploadGuestPhotos(e2e!.product.url, code, 3, { size: [400, 300] });
    const anna = await guest(code, 360);
    const ben = await guest(code, 1280);
    const heartOf = (page: Page) =>
      page.locator(`[data-testid="heart-button"][data-photo-id="${first}"]`).first();

    await heartOf(anna).waitFor();
    await expect(heartOf(anna).getAttribute('aria-pressed')).resolves.toBe('false');
    await expect(heartOf(anna).getByTestId('heart-label').textContent()).resolves.toBe(
      'Love this photo (0 hearts)',
    );

    // Keyboard: focus and Enter, as a screen reader user would.
    await heartOf(anna).focus();
    await anna.keyboard.press('Enter');
    await until(
      'the pressed heart',
      async () => (await heartOf(anna).getAttribute('aria-pressed')) === 'true',
    );
    await expect(heartOf(anna).getByTestId('heart-label').textContent()).resolves.toBe(
      'You love this photo (1 heart). Take back your heart',
    );

    // Ben never reloads: the count arrives in the gallery's batch of heart counts.
    await until('the count on the second screen', async () =>
      (await heartOf(ben).locator('[data-testid="heart-count"]').textContent()) === '1' ? true : null,
    );
    await expect(heartOf(ben).getAttribute('aria-pressed')).resolves.toBe('false');

    // "Most loved" puts the hearted photo first.
    await ben.getByTestId('order-mostLoved').click();
    await until(
      'the most loved first',
      async () => (await ben.locator('img[data-photo-id]').first().getAttribute('data-photo-id')) === first,
    );

    await mkdir(SHOTS, { recursive: true });
    await anna.screenshot({ path: new URL('gallery-360.png', SHOTS).pathname });
    await ben.screenshot({ path: new URL('gallery-1280.png', SHOTS).pathname });
    expect(await seriousViolations(anna)).toEqual([]);
    expect(await seriousViolations(ben)).toEqual([]);

    // Taking the heart back brings Ben's count down again.
    await heartOf(anna).click();
    await until('the count back to 0', async () =>
      (await heartOf(ben).locator('[data-testid="heart-count"]').textContent()) === '0' ? true : null,
    );
  });
});
