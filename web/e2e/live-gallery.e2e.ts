import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { type Page } from 'playwright-core';
import sharp from 'sharp';
import { en, fr, galleryCodeFromBytes, GALLERY_CODE_LENGTH, GUEST_RATE_LIMITS } from '@gallery/contracts';
import {
  closeContexts,
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  startBrowserTest,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt } from './product-api.js';

/** A real HEIC (HEVC, 480x320, made with heif-enc), as an iPhone sends. */
const realHeic = readFileSync(
  new URL('../../services/media/test/fixtures/photo-480x320.heic', import.meta.url),
);

// A couple and two guests use the product the way npm start runs it: real services, gateway, PostgreSQL,
// NATS and S3 server, and Chromium.

async function weddingJpeg(hue: number): Promise<Buffer> {
  // Random noise makes each photo a real, distinct JPEG of a realistic size.
  const width = 1200;
  const height = 800;
  const pixels = randomBytes(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels[i] = (pixels[i] + hue) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A code of the right shape that names no gallery: a handful of galleries exist among 25^8 codes. */
function unknownCode(): string {
  return galleryCodeFromBytes(randomBytes(GALLERY_CODE_LENGTH));
}

/** A message of the shared texts as a pattern, any number standing for its {{count}}. */
function withAnyCount(text: string): RegExp {
  const [before, after] = text.split('{{count}}').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`${before}\\d+${after}`);
}

describe('live gallery in the browser', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterEach(() => closeContexts(e2e), STOP_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function guest(path: string): Promise<Page> {
    const context = await e2e!.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}${path}`);
    return page;
  }

  /**
   * The couple on their new gallery's page, signed in, the gallery ordered through the API: the tests using it
   * are about uploads, not about the order form (the first test orders through it).
   */
  async function coupleGallery(coupleNames: string): Promise<Page> {
    const { code, sessionToken } = await createGalleryAt(e2e!.product.url, { coupleNames });
    const context = await e2e!.browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((token) => localStorage.setItem('authToken', token), sessionToken);
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}/gallery/${code}`);
    await page.getByRole('heading', { name: coupleNames }).waitFor();
    return page;
  }

  it('creates a gallery, shows two guests each upload live, and keeps originals byte for byte', async () => {
    const couple = await guest('/order');
    await couple.getByLabel('Couple Names').fill('Sarah & Mike');
    await couple.getByLabel('Wedding Date').fill('2027-06-12');
    await couple.getByLabel('Event Location').fill('Lyon, France');
    await couple.getByLabel('Email Address').fill('sarah@example.com');
    await couple.getByLabel('Phone Number').fill('12');
    await couple.getByRole('button', { name: 'Create Gallery' }).click();
    await expect(couple.getByText('Phone number must have at least 10 digits').isVisible()).resolves.toBe(
      true,
    );

    await couple.getByLabel('Phone Number').fill('+33 6 12 34 56 78');
    await couple.getByRole('button', { name: 'Create Gallery' }).click();
    const code = (await couple.getByTestId('gallery-code').textContent({ timeout: 45_000 }))!.trim();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(await couple.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();

    const guestA = await guest(`/gallery/${code}`);
    const guestB = await guest(`/live-gallery?code=${code.toLowerCase()}`);
    for (const page of [guestA, guestB]) {
      await page.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
      await page.getByText('No photos yet. Be the first to upload one!').waitFor();
    }

    const photos = [await weddingJpeg(0), await weddingJpeg(90)];
    await guestA.getByTestId('photo-file-input').setInputFiles([
      { name: 'first-dance.jpg', mimeType: 'image/jpeg', buffer: photos[0] },
      { name: 'cake.jpg', mimeType: 'image/jpeg', buffer: photos[1] },
    ]);
    // Once both are in, the list collapses to its summary; its details still list each file.
    await guestA
      .getByTestId('upload-summary')
      .filter({ hasText: '2 files uploaded' })
      .waitFor({ timeout: 30_000 });
    await guestA.getByRole('button', { name: 'Show details' }).click();
    await expect(
      guestA.getByRole('progressbar', { name: 'Upload progress of cake.jpg' }).count(),
    ).resolves.toBe(1);

    // Guest B never reloads: both photos arrive through the subscription.
    await guestB.locator('img[data-photo-id]').nth(1).waitFor({ timeout: 45_000 });
    expect(await guestB.locator('img[data-photo-id]').count()).toBe(2);
    await expect(guestB.getByTestId('photo-count').textContent()).resolves.toContain('2 photos');

    // The original behind each photo URL is the uploaded file, byte for byte.
    await guestB.locator('img[data-photo-id]').first().click();
    const viewer = guestB.getByRole('dialog');
    const originalUrl = await viewer.getByRole('link', { name: 'Download original' }).getAttribute('href');
    await viewer.getByRole('button', { name: 'Close' }).click();
    const ids = await guestB
      .locator('img[data-photo-id]')
      .evaluateAll((images) => images.map((image) => image.getAttribute('data-photo-id')!));
    expect(originalUrl).toContain(ids[0]);
    const originals = await Promise.all(
      ids.map(async (id) => {
        const response = await fetch(`${e2e!.product.url}/media/photos/${id}/original`);
        expect(response.status).toBe(200);
        return Buffer.from(await response.arrayBuffer());
      }),
    );
    // Newest first: the second upload is shown first.
    expect(originals.map((bytes) => bytes.equals(photos[0]) || bytes.equals(photos[1]))).toEqual([
      true,
      true,
    ]);
    expect(originals[0].equals(originals[1])).toBe(false);
  }, 120_000);

  it('refuses a file that is not a photo, whatever its name says', async () => {
    const page = await coupleGallery('Ana y Luis');

    await page.getByTestId('photo-file-input').setInputFiles([
      {
        name: 'not-a-photo.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('just some text, not a JPEG'),
      },
    ]);
    await page.locator('[data-testid="upload-item"][data-status="failed"]').waitFor({ timeout: 45_000 });
    await expect(page.getByRole('alert').allTextContents()).resolves.toContain(
      'This file is not a supported photo. Please upload JPEG, PNG, WebP or HEIC images.',
    );
    expect(await page.locator('img[data-photo-id]').count()).toBe(0);
  }, 60_000);

  it('keeps an iPhone HEIC photo and shows it as an image in every browser, from its JPEG thumbnail', async () => {
    const page = await coupleGallery('Emma & Noah');

    await page
      .getByTestId('photo-file-input')
      .setInputFiles([{ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: realHeic }]);
    await page.locator('[data-testid="upload-panel"][data-ended="true"]').waitFor({ timeout: 45_000 });
    // Chromium cannot draw HEIC: the tile is the server's JPEG thumbnail, drawn, not the "not available" tile.
    const tile = page.locator('img[data-photo-id]');
    await tile.waitFor();
    await page.waitForFunction(
      () =>
        ((document.querySelector('img[data-photo-id]') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
      undefined,
      { timeout: 45_000 },
    );
    // What it is and when it came, in the viewer's time.
    expect(await tile.getAttribute('alt')).toMatch(/^Photo, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2}\s[AP]M$/);
    await expect(page.getByText('Preview not available in this browser').count()).resolves.toBe(0);
  }, 60_000);

  it('speaks French on the French order page, with the shared validation texts', async () => {
    const page = await guest('/fr/commander');
    await page.getByRole('button', { name: 'Créer la galerie' }).click();
    await page.getByText(fr.validation.emailRequired).waitFor();
    await page.getByText(fr.validation.coupleNamesRequired).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
  }, 30_000);

  it('shows the not-found page for an unknown code, with a way home', async () => {
    const page = await guest('/live-gallery?code=NOSUCH99');
    await page.getByText('Gallery not found').waitFor();
    await page.getByRole('button', { name: 'Return Home' }).click();
    await page.waitForURL(`${e2e!.product.url}/`);
  }, 30_000);

  it('shows a photo once, with no failure, when the answer to its confirm was lost', async () => {
    const page = await coupleGallery('Inès & Tom');

    // The first confirm reaches the server and is carried out; its answer never reaches the browser.
    let confirmsAnswerLost = 0;
    await page.route('**/graphql', async (route) => {
      if (route.request().postDataJSON()?.operationName !== 'ConfirmPhotoUpload' || confirmsAnswerLost > 0) {
        return route.continue();
      }
      confirmsAnswerLost += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page
      .getByTestId('photo-file-input')
      .setInputFiles([{ name: 'vows.jpg', mimeType: 'image/jpeg', buffer: await weddingJpeg(30) }]);
    await page.locator('[data-testid="upload-panel"][data-ended="true"]').waitFor({ timeout: 30_000 });
    expect(confirmsAnswerLost).toBe(1);
    await page.locator('img[data-photo-id]').first().waitFor();
    expect(await page.locator('img[data-photo-id]').count()).toBe(1);
    expect(await page.locator('[data-testid="upload-item"][data-status="failed"]').count()).toBe(0);
    await expect(page.getByTestId('photo-count').textContent()).resolves.toContain('1 photo');

    // The server kept one photo too: a fresh read shows it once.
    await page.unroute('**/graphql');
    await page.reload();
    await page.locator('img[data-photo-id]').first().waitFor();
    expect(await page.locator('img[data-photo-id]').count()).toBe(1);
  }, 60_000);

  // Last: it spends a guest's lookups of unknown codes.
  it('tells a visitor trying code after code to wait, and only that visitor at the venue', async () => {
    const page = await guest('/');
    const findEvent = async (code: string) => {
      await page.goto(`${e2e!.product.url}/`);
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Find My Event' }).click();
      await page.getByLabel('Event Code').fill(code);
      await page.getByRole('button', { name: 'Go to Gallery' }).click();
    };
    for (let lookup = 0; lookup < GUEST_RATE_LIMITS.unknownCodeLookups.perGuest.points; lookup++) {
      await findEvent(unknownCode());
      await page.getByRole('heading', { name: en.errors.GALLERY_NOT_FOUND }).waitFor();
    }
    await findEvent(unknownCode());
    await page.getByText(withAnyCount(en.errors.RATE_LIMITED)).waitFor();

    // A neighbour on the same network (every page of this file shares one address) mistypes too, and is told so.
    const neighbour = await guest(`/live-gallery?code=${unknownCode()}`);
    await neighbour.getByRole('heading', { name: en.errors.GALLERY_NOT_FOUND }).waitFor();
  }, 120_000);
});
