import { mkdir } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { englishMessage } from '@gallery/contracts';
import { en } from '../src/i18n/en.js';
import { es } from '../src/i18n/es.js';
import { fr } from '../src/i18n/fr.js';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  seriousViolations,
  startBrowserTest,
  until,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, uploadGuestPhotos } from './product-api.js';

// A guest at a busy venue uploads faster than the server takes: it refuses with RATE_LIMITED and the seconds to
// wait. The page says so in a neutral line that counts down, and the photo goes on by itself; nothing failed.

/** Where the screenshots of the waiting state go, to be looked at (git-ignored test output). */
const SHOTS = new URL('../../test-results/upload-wait/', import.meta.url);

const PHONE = { width: 360, height: 740 };

/** A distinct JPEG of a phone photo's proportions. */
const photo = () =>
  sharp(randomBytes(600 * 400 * 3), { raw: { width: 600, height: 400, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();

/**
 * The gateway's answer to a request refused for going too fast, as it answers one (read from a real refusal,
 * `event` after too many unknown codes): HTTP 200, JSON, the catalogue's English message, the refused field in
 * `path`, its code and count in the extensions and no location; no data, as a mutation's fields are non-null.
 */
function tooFast(field: string, seconds: number): Parameters<Route['fulfill']>[0] {
  return {
    status: 200,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({
      errors: [
        {
          message: englishMessage('errors.RATE_LIMITED', { count: seconds }),
          path: [field],
          extensions: { code: 'RATE_LIMITED', count: seconds },
        },
      ],
      data: null,
    }),
  };
}

/**
 * Refuses the page's first GraphQL request named `operation` as too fast; lets every other one through (to the
 * refusals set up before, then the gateway).
 */
async function refuseFirst(page: Page, operation: string, field: string, seconds: number): Promise<void> {
  let refused = false;
  await page.route('**/graphql', (route) => {
    const request = route.request();
    const named = request.method() === 'POST' && request.postDataJSON()?.operationName === operation;
    if (!named || refused) return route.fallback();
    refused = true;
    return route.fulfill(tooFast(field, seconds));
  });
}

/** A message of the texts as a pattern, any number standing for its {{count}}. */
function withAnyCount(text: string): RegExp {
  const [before, after] = text.split('{{count}}').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${before}\\d+${after}$`);
}

describe('a guest told to slow down', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function guest(path: string, viewport = PHONE): Promise<Page> {
    const context = await e2e!.browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}${path}`);
    await page.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
    return page;
  }

  /**
   * Keeps, in the page, every status an upload row took and whether the panel ever showed an alert: what the
   * guest saw between two looks of the test.
   */
  async function watchUploadPanel(
    page: Page,
  ): Promise<() => Promise<{ statuses: string[]; alerts: string[] }>> {
    await page.evaluate(() => {
      const seen = { statuses: [] as string[], alerts: [] as string[] };
      (window as unknown as { uploadPanelSeen: typeof seen }).uploadPanelSeen = seen;
      const look = () => {
        document.querySelectorAll('[data-testid="upload-item"]').forEach((row) => {
          const status = row.getAttribute('data-status')!;
          if (seen.statuses.at(-1) !== status) seen.statuses.push(status);
        });
        document
          .querySelectorAll('[data-testid="upload-panel"] [role="alert"]')
          .forEach((alert) => seen.alerts.push(alert.textContent ?? ''));
      };
      new MutationObserver(look).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    });
    return () => page.evaluate(() => (window as unknown as { uploadPanelSeen: never }).uploadPanelSeen);
  }

  it('waits out a refused slot request, counting down, and the photo arrives by itself', async () => {
    const { code } = await createGalleryAt(e2e!.product.url);
    const page = await guest(`/gallery/${code}`);
    await refuseFirst(page, 'RequestPhotoUploads', 'requestPhotoUploads', 3);
    const seen = await watchUploadPanel(page);

    await page
      .getByTestId('photo-file-input')
      .setInputFiles([{ name: 'toast.jpg', mimeType: 'image/jpeg', buffer: await photo() }]);

    const busy = page.getByTestId('upload-busy');
    await busy.waitFor();
    expect(await busy.textContent()).toMatch(withAnyCount(en.upload.busyUntil));
    const row = page.locator('[data-testid="upload-item"][data-status="busy"]');
    await expect(row.locator('.upload-state').textContent()).resolves.toBe(en.upload.busy);
    // In the text's colour, not the error's.
    const colours = await busy.evaluate((line) => ({
      line: getComputedStyle(line).color,
      error: getComputedStyle(document.documentElement).getPropertyValue('--color-error').trim(),
      text: getComputedStyle(document.documentElement).getPropertyValue('--color-text').trim(),
    }));
    expect(colours.line).toBe(hexToRgb(colours.text));
    expect(colours.line).not.toBe(hexToRgb(colours.error));

    await page.locator('img[data-photo-id]').first().waitFor({ timeout: 30_000 });
    await page
      .getByTestId('upload-summary')
      .filter({ hasText: en.upload.allDone_one.replace('{{count}}', '1') })
      .waitFor();
    expect(await busy.count()).toBe(0);
    const { statuses, alerts } = await seen();
    expect(statuses).toContain('busy');
    expect(statuses).not.toContain('failed');
    expect(alerts).toEqual([]);
  }, 90_000);

  it('waits out a refused confirm, and the photo arrives once', async () => {
    const { code } = await createGalleryAt(e2e!.product.url);
    const page = await guest(`/gallery/${code}`);
    await refuseFirst(page, 'ConfirmPhotoUpload', 'confirmPhotoUpload', 3);
    const seen = await watchUploadPanel(page);

    await page
      .getByTestId('photo-file-input')
      .setInputFiles([{ name: 'cake.jpg', mimeType: 'image/jpeg', buffer: await photo() }]);
    await page.getByTestId('upload-busy').waitFor();
    await page.locator('img[data-photo-id]').first().waitFor({ timeout: 30_000 });
    await page
      .getByTestId('upload-summary')
      .filter({ hasText: en.upload.allDone_one.replace('{{count}}', '1') })
      .waitFor();
    expect(await page.locator('img[data-photo-id]').count()).toBe(1);
    const { statuses, alerts } = await seen();
    expect(statuses).toContain('busy');
    expect(statuses).not.toContain('failed');
    expect(alerts).toEqual([]);
  }, 90_000);

  it('says the waits in each language, on a phone and a desktop, with nothing an audit calls serious', async () => {
    const { code } = await createGalleryAt(e2e!.product.url);
    const [first] = await uploadGuestPhotos(e2e!.product.url, code, 1, { size: [400, 300] });
    await mkdir(SHOTS, { recursive: true });
    for (const [language, texts, prefix] of [
      ['en', en, ''],
      ['fr', fr, '/fr'],
      ['es', es, '/es'],
    ] as const) {
      const page = await guest(`${prefix}/gallery/${code}`);
      // Long enough to look at; the page is closed before they end.
      await refuseFirst(page, 'RequestPhotoUploads', 'requestPhotoUploads', 60);
      await refuseFirst(page, 'SetHeart', 'setHeart', 60);
      await refuseFirst(page, 'LeaveGuestbookMessage', 'leaveGuestbookMessage', 60);
      await page
        .getByTestId('photo-file-input')
        .setInputFiles([{ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await photo() }]);
      const busy = page.getByTestId('upload-busy');
      await busy.waitFor();
      expect(await busy.textContent()).toMatch(withAnyCount(texts.upload.busyUntil));
      await expect(
        page.locator('[data-testid="upload-item"] .upload-state').first().textContent(),
      ).resolves.toBe(texts.upload.busy);
      // Said once, politely, to screen readers.
      await until('the wait announced', async () =>
        withAnyCount(texts.upload.busyUntil).test(
          (await page.locator('.busy-notice [role="status"][aria-live="polite"]').textContent()) ?? '',
        ),
      );
      await page.locator(`[data-testid="heart-button"][data-heart-photo-id="${first}"]`).first().click();
      expect(await page.getByTestId('hearts-busy').textContent()).toMatch(
        withAnyCount(texts.common.busyTryAgain),
      );
      await page.getByLabel(texts.guestbook.label).fill('♥');
      await page.getByRole('button', { name: texts.guestbook.send }).click();
      expect(await page.getByTestId('guestbook-busy').textContent()).toMatch(
        withAnyCount(texts.common.busyTryAgain),
      );
      for (const width of [PHONE.width, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({
          path: new URL(`waiting-${language}-${width}.png`, SHOTS).pathname,
          fullPage: true,
        });
      }
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    }
  }, 120_000);

  it('a deletion of their own photo sent too fast: a wait in the dialog, then the photo goes', async () => {
    const { code } = await createGalleryAt(e2e!.product.url);
    const page = await guest(`/gallery/${code}`);
    await page
      .getByTestId('photo-file-input')
      .setInputFiles([{ name: 'cake.jpg', mimeType: 'image/jpeg', buffer: await photo() }]);
    const tile = page.locator('.photo-grid .photo-tile').first();
    await tile.waitFor({ timeout: 30_000 });
    await tile.click();
    await page.getByRole('dialog').getByRole('button', { name: en.viewer.deleteOwn, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: en.viewer.deleteOwnTitle });
    await refuseFirst(page, 'DeleteOwnPhoto', 'deleteOwnPhoto', 3);
    await confirm.getByRole('button', { name: en.viewer.deleteOwnConfirm, exact: true }).click();

    const busy = page.getByTestId('delete-own-busy');
    await busy.waitFor();
    expect(await busy.textContent()).toMatch(withAnyCount(en.common.busyTryAgain));
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: new URL('delete-own-busy-360.png', SHOTS).pathname });
    expect(await confirm.locator('[role="alert"]').count()).toBe(0);
    await busy.waitFor({ state: 'detached' });
    await confirm.getByRole('button', { name: en.viewer.deleteOwnConfirm, exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await until('the photo gone', async () => (await page.locator('img[data-photo-id]').count()) === 0);
  }, 90_000);

  it('a heart or a message sent too fast: a wait to sit out, not an error', async () => {
    const { code } = await createGalleryAt(e2e!.product.url);
    const [first] = await uploadGuestPhotos(e2e!.product.url, code, 1, { size: [400, 300] });
    const page = await guest(`/gallery/${code}`);
    await refuseFirst(page, 'SetHeart', 'setHeart', 3);
    const heart = page.locator(`[data-testid="heart-button"][data-heart-photo-id="${first}"]`).first();
    await heart.click();
    const heartsBusy = page.getByTestId('hearts-busy');
    await heartsBusy.waitFor();
    expect(await heartsBusy.textContent()).toMatch(withAnyCount(en.common.busyTryAgain));
    expect(await page.locator('.hearts-refusal').count()).toBe(0);
    // Gone once the wait is over; the heart then goes.
    await heartsBusy.waitFor({ state: 'detached' });
    await heart.click();
    await until('the pressed heart', async () => (await heart.getAttribute('aria-pressed')) === 'true');

    await page.unroute('**/graphql');
    await refuseFirst(page, 'LeaveGuestbookMessage', 'leaveGuestbookMessage', 3);
    const wish = 'So happy for you both!';
    await page.getByLabel(en.guestbook.label).fill(wish);
    await page.getByRole('button', { name: en.guestbook.send }).click();
    const guestbookBusy = page.getByTestId('guestbook-busy');
    await guestbookBusy.waitFor();
    expect(await guestbookBusy.textContent()).toMatch(withAnyCount(en.common.busyTryAgain));
    expect(await page.getByTestId('guestbook').locator('[role="alert"]').count()).toBe(0);
    // The message is kept, to send again after the wait.
    await expect(page.getByLabel(en.guestbook.label).inputValue()).resolves.toBe(wish);
    await guestbookBusy.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: en.guestbook.send }).click();
    await page.getByTestId('guestbook-message').filter({ hasText: wish }).waitFor({ timeout: 30_000 });
  }, 90_000);
});

/** A CSS hex colour as the browser computes it (`rgb(r, g, b)`). */
function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
