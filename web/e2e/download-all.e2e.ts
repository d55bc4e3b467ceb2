import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, type BrowserTest } from './browser.js';
import { createGalleryAt, uploadGuestPhotos } from './product-api.js';

// Download All as the couple and a guest use it: the product as npm start runs it, and Chromium.

const run = promisify(execFile);

/** The spec's progress texts (web/src/i18n/en.ts `download`), in the order a build goes through them. */
const STAGES = [
  /^Downloading…$/,
  /^Adding \d+ photos? to the zip…$/,
  /^Creating the zip file…$/,
  /^Finalizing…$/,
  /^Download complete: 20 photos$/,
];

describe('Download All in the browser', () => {
  let e2e: BrowserTest | undefined;
  let tmp: string;

  beforeAll(async () => {
    e2e = await startBrowserTest();
    tmp = await mkdtemp(path.join(os.tmpdir(), 'download-all-e2e-'));
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }, STOP_TIMEOUT_MS);

  const createGallery = () => createGalleryAt(e2e!.product.url);

  /** A page of the gallery; as the couple when given the owner token (kept where the app keeps it). */
  async function open(code: string, ownerToken?: string) {
    const context = await e2e!.browser.newContext({ acceptDownloads: true });
    if (ownerToken) {
      await context.addInitScript((token) => localStorage.setItem('authToken', token), ownerToken);
    }
    const page = await context.newPage();
    // Every text the status line shows, as it shows it.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { statusTexts: string[] }).statusTexts = seen;
      new MutationObserver(() => {
        const text = document.querySelector('.download-status')?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`${e2e!.product.url}/gallery/${code}`);
    await page.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
    return page;
  }

  it('shows the progress texts in order and delivers a valid zip of 20 photos; guests get the button when allowed', async () => {
    const { code, ownerToken } = await createGallery();
    await uploadGuestPhotos(e2e!.product.url, code, 20);

    const guest = await open(code);
    await guest.getByTestId('photo-count').waitFor();
    await guest.locator('img[data-photo-id]').nth(19).waitFor();
    expect(await guest.getByRole('button', { name: 'Download All' }).count()).toBe(0);

    const couple = await open(code, ownerToken);
    const button = couple.getByRole('button', { name: 'Download All' });
    await button.waitFor();
    const download = couple.waitForEvent('download', { timeout: 60_000 });
    await button.click();
    const file = path.join(tmp, 'couple.zip');
    const zip = await download;
    expect(zip.suggestedFilename()).toBe('Sarah & Mike - photos.zip');
    await zip.saveAs(file);
    await couple.getByText('Download complete: 20 photos').waitFor();

    const texts = await couple.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts);
    // Each text shown is one of the spec's, in the order of the stages, ending with complete.
    const order = texts.map((text) => STAGES.findIndex((stage) => stage.test(text)));
    expect(order).not.toContain(-1);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(order.at(-1)).toBe(STAGES.length - 1);

    // The couple lets guests download: the guest's gallery shows the button from then on.
    const allow = couple.getByLabel('Guests may download all photos');
    await allow.click();
    await couple.waitForFunction(() => {
      const box = document.querySelector<HTMLInputElement>('.download-guests input');
      return box?.checked === true && !box.disabled;
    });
    await guest.reload();
    await guest.getByRole('button', { name: 'Download All' }).waitFor();

    expect((await run('unzip', ['-t', file])).stdout).toContain('No errors detected');
    const entries = (await run('zipinfo', ['-1', file])).stdout.trim().split('\n');
    expect(entries).toHaveLength(20);
    expect(
      entries.every((entry) => /^Sarah & Mike\/\d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d IMG_\d+\.jpg$/.test(entry)),
    ).toBe(true);
  }, 120_000);

  it("carries a guest's name from the browser to the viewer and to a zip grouped by guest", async () => {
    const { code, ownerToken } = await createGallery();
    await uploadGuestPhotos(e2e!.product.url, code, 1);

    // The guest gives a name once; it is remembered on the device and sent with the upload.
    const guest = await open(code);
    await guest.getByLabel('Your name (optional)').fill('  Anna  ');
    await guest.getByRole('button', { name: 'Save' }).click();
    await guest.getByText('Your photos are shared as Anna.').waitFor();
    expect(await guest.evaluate(() => localStorage.getItem('galleryGuestName'))).toBe('Anna');
    const photo = await sharp(randomBytes(64 * 48 * 3), { raw: { width: 64, height: 48, channels: 3 } })
      .jpeg()
      .toBuffer();
    await guest
      .getByTestId('photo-file-input')
      .setInputFiles([{ name: 'cake.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await guest.locator('[data-testid="upload-panel"][data-ended="true"]').waitFor({ timeout: 30_000 });

    const couple = await open(code, ownerToken);
    await couple.locator('img[data-photo-id]').nth(1).waitFor();
    await couple.locator('img[data-photo-id]').first().click();
    const viewer = couple.getByRole('dialog');
    await viewer.getByText('by Anna').waitFor();
    await viewer.getByRole('button', { name: 'Close' }).click();

    await couple.getByLabel('Zip layout').selectOption('BY_GUEST');
    const download = couple.waitForEvent('download', { timeout: 60_000 });
    await couple.getByRole('button', { name: 'Download All' }).click();
    const file = path.join(tmp, 'by-guest.zip');
    await (await download).saveAs(file);
    expect((await run('unzip', ['-t', file])).stdout).toContain('No errors detected');
    const entries = (await run('zipinfo', ['-1', file])).stdout.trim().split('\n').sort();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatch(/^Sarah & Mike\/Anna\/\d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d Anna\.jpg$/);
    expect(entries[1]).toMatch(
      /^Sarah & Mike\/Guests without a name\/\d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d IMG_0\.jpg$/,
    );
  }, 120_000);

  it('answers No photos found for an empty gallery', async () => {
    const { code, ownerToken } = await createGallery();
    const couple = await open(code, ownerToken);
    await couple.getByRole('button', { name: 'Download All' }).click();
    await couple.getByText('No photos found').first().waitFor();
  }, 60_000);
});
