import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { waitFor } from '@gallery/testing';
import { buttonsOnTwoLines } from './fit-checks.js';
import {
  seriousViolations,
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  startBrowserTest,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from './product-api.js';

// The guest's landing: the couple picks a cover photo and writes a welcome line on their event page (each saved
// as it is changed), and guests open the gallery on the cover, the couple's names, the welcome line and one
// primary action, Upload Photos, in three languages on a phone and a desktop. The cover follows the privacy
// settings: while guests see only their own photos, nobody else's photo is their cover. Generate QR Code is the
// couple's: their gallery offers it, a guest's does not (a guest shares the link).

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const WELCOME = 'Thank you for celebrating with us!';
const LANGUAGES = [
  { prefix: '', upload: 'Upload Photos', qr: 'Generate QR Code' },
  { prefix: '/fr', upload: 'Envoyer des photos', qr: 'Générer le QR code' },
  { prefix: '/es', upload: 'Subir fotos', qr: 'Generar código QR' },
] as const;

const COVER = `query ($code: String!) { event(code: $code) { welcomeLine coverPhoto { id } } }`;
const SET_COVER = `mutation ($code: String!, $photoId: ID) { setCoverPhoto(code: $code, photoId: $photoId) }`;
const SET_PRIVACY = `mutation ($code: String!, $settings: PrivacySettingsInput!) {
  setPrivacySettings(eventCode: $code, settings: $settings) { code }
}`;

describe("the guest's landing", () => {
  let e2e: BrowserTest | undefined;
  let url: string;
  let code: string;
  let ownerToken: string;
  let sessionToken: string;
  let photoIds: string[];

  beforeAll(async () => {
    e2e = await startBrowserTest();
    url = e2e.product.url;
    ({ code, ownerToken, sessionToken } = await createGalleryAt(url, { coupleNames: 'Léa & Samuel' }));
    photoIds = await uploadGuestPhotos(url, code, 2, { size: [1200, 800] });
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function screenshot(page: Page, name: string): Promise<void> {
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png` });
  }

  it('lets the couple set the cover and the welcome line, each saved as it is changed', async () => {
    const context = await e2e!.browser.newContext({ viewport: DESKTOP });
    await context.addInitScript((token) => localStorage.setItem('authToken', token), sessionToken);
    const page = await context.newPage();
    await page.goto(`${url}/event/${code}`);
    const landing = page.locator('#landing');
    const field = landing.getByLabel('Welcome line');
    await field.fill('x'.repeat(141));
    await landing.getByText('Please keep the welcome line to 140 characters.').waitFor();
    await field.fill(`  ${WELCOME}  `);
    await field.press('Enter');
    await page.locator('[data-testid="welcome-line-status"][data-state="saved"]').waitFor();
    expect(await landing.getByTestId('welcome-line-status').textContent()).toBe('Saved');

    const tile = page.locator(`.owner-photo[data-photo-id="${photoIds[1]}"]`);
    await tile.getByRole('button', { name: 'Use as cover' }).click();
    await tile.getByText('Cover photo', { exact: true }).waitFor();
    // The page as it now stands, the cover's label among it, holds to axe-core (contrast among the rest).
    expect(await seriousViolations(page)).toEqual([]);
    await landing.locator(`img[data-cover-id="${photoIds[1]}"]`).waitFor();
    if (process.env.SCREENSHOTS)
      await landing.screenshot({ path: `${process.env.SCREENSHOTS}/landing-settings-en-1280.png` });

    const saved = await graphqlAt<{ event: { welcomeLine: string; coverPhoto: { id: string } } }>(
      url,
      COVER,
      {
        code,
      },
    );
    expect(saved.event).toEqual({ welcomeLine: WELCOME, coverPhoto: { id: photoIds[1] } });

    // In their own gallery, the couple has the QR code to show a guest.
    await page.goto(`${url}/gallery/${code}`);
    await page.getByRole('button', { name: 'Generate QR Code' }).click({ timeout: 45_000 });
    await page.getByTestId('qr-code').waitFor();
    await context.close();
  }, 120_000);

  it.each(LANGUAGES.flatMap((language) => [PHONE, DESKTOP].map((viewport) => ({ ...language, viewport }))))(
    'opens $prefix/gallery on the cover, the names, the welcome line and one primary action ($viewport.width px)',
    async ({ prefix, upload, qr, viewport }) => {
      const context = await e2e!.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${url}${prefix}/gallery/${code}`);
      const landing = page.getByTestId('gallery-landing');
      const cover = landing.getByTestId('gallery-cover');
      await cover.waitFor({ timeout: 45_000 });
      expect(await cover.getAttribute('data-photo-id')).toBe(photoIds[1]);
      await page.waitForFunction(() => document.querySelector<HTMLImageElement>('.gallery-cover')?.complete);
      expect(await landing.getByRole('heading', { level: 1 }).textContent()).toBe('Léa & Samuel');
      expect(await landing.getByTestId('gallery-welcome').textContent()).toBe(WELCOME);

      // One primary action in the gallery (the order pills' pressed look aside), in the landing; the rest comes
      // after it, smaller.
      const primary = page.locator('.gallery-page .button-primary:visible:not([aria-pressed])');
      expect(await primary.count()).toBe(1);
      expect(await primary.textContent()).toBe(upload);
      expect(await landing.locator('button').count()).toBe(1);
      const boxOf = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
      const uploadBox = await boxOf('.gallery-primary .button-primary');
      const coverBox = await boxOf('.gallery-cover');
      expect(coverBox.y + coverBox.height).toBeLessThanOrEqual(uploadBox.y);
      for (const after of ['.gallery-actions', '.guest-name']) {
        expect((await boxOf(after)).y).toBeGreaterThanOrEqual(uploadBox.y + uploadBox.height);
      }
      // The action is on the first screen, and the cover stays within the column.
      expect(uploadBox.y + uploadBox.height).toBeLessThanOrEqual(viewport.height);
      expect(coverBox.x).toBeGreaterThanOrEqual(0);
      expect(coverBox.x + coverBox.width).toBeLessThanOrEqual(viewport.width);
      // The QR code is the couple's, not among a guest's actions; those that are keep their words on one line.
      await page.locator('.gallery-actions .button').first().waitFor();
      expect(await page.getByRole('button', { name: qr }).count()).toBe(0);
      expect(await buttonsOnTwoLines(page, '.gallery-page')).toEqual([]);
      await screenshot(page, `landing${prefix.replace('/', '-') || '-en'}-${viewport.width}`);
      await context.close();
    },
    90_000,
  );

  it('shows the cover only to those who would see the photo, and takes only a photo of the gallery', async () => {
    const coverOf = async () =>
      (await graphqlAt<{ event: { coverPhoto: { id: string } | null } }>(url, COVER, { code })).event
        .coverPhoto;
    const settings = (visibility: string) => ({
      code,
      settings: { guestOriginalsAllowed: true, visibility },
    });
    await graphqlAt(url, SET_PRIVACY, settings('OWN'), ownerToken);
    await waitFor(
      'no cover for a guest who sees only their own photos',
      async () => (await coverOf()) === null,
    );
    const forCouple = await graphqlAt<{ event: { coverPhoto: { id: string } | null } }>(
      url,
      COVER,
      { code },
      ownerToken,
    );
    expect(forCouple.event.coverPhoto).toEqual({ id: photoIds[1] });
    await graphqlAt(url, SET_PRIVACY, settings('EVERYONE'), ownerToken);
    await waitFor('the cover back for guests', async () => (await coverOf())?.id === photoIds[1]);

    // Another gallery's photo, and a guest's try, are refused; the cover stays.
    const other = await createGalleryAt(url);
    const [elsewhere] = await uploadGuestPhotos(url, other.code, 1);
    await expect(graphqlAt(url, SET_COVER, { code, photoId: elsewhere }, ownerToken)).rejects.toThrow(
      'COVER_PHOTO_UNAVAILABLE',
    );
    await expect(graphqlAt(url, SET_COVER, { code, photoId: photoIds[0] })).rejects.toThrow(
      'UNAUTHENTICATED',
    );
    expect((await coverOf())?.id).toBe(photoIds[1]);
  }, 120_000);
});
