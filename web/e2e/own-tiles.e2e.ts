import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, until, type BrowserTest } from './browser.js';
import { createGalleryAt, graphqlAt } from './product-api.js';

// What a guest sees of their own uploads on a phone: a photo waiting for the couple's approval says so without
// its label running under the heart, in each language; a file that could not be uploaded is summed up as a
// failure (not in the success colour) on a line that reads at 360 px. With SCREENSHOTS=dir, both are saved.

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

const SET_PRIVACY = `mutation ($code: String!, $settings: PrivacySettingsInput!) {
  setPrivacySettings(eventCode: $code, settings: $settings) { code }
}`;

const WAITING = { en: 'Waiting for approval', fr: 'En attente d’approbation', es: 'Pendiente de aprobación' };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("a guest's own tiles and upload summary", () => {
  let e2e: BrowserTest | undefined;
  let code: string;

  beforeAll(async () => {
    e2e = await startBrowserTest();
    const gallery = await createGalleryAt(e2e.product.url);
    code = gallery.code;
    await graphqlAt(
      e2e.product.url,
      SET_PRIVACY,
      { code, settings: { guestOriginalsAllowed: true, approval: true } },
      gallery.sessionToken,
    );
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function guestPage(language: keyof typeof WAITING, viewport = PHONE): Promise<Page> {
    const context = await e2e!.browser.newContext({ viewport });
    await context.addInitScript((chosen) => localStorage.setItem('app-language', chosen), language);
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}${language === 'en' ? '' : `/${language}`}/gallery/${code}`);
    await page.getByTestId('photo-file-input').waitFor({ state: 'attached', timeout: 45_000 });
    return page;
  }

  it.each(['en', 'fr', 'es'] as const)(
    'keeps "Waiting for approval" clear of the heart on a 360 px phone (%s)',
    async (language) => {
      const page = await guestPage(language);
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c96' } })
        .jpeg()
        .toBuffer();
      await page
        .getByTestId('photo-file-input')
        .setInputFiles([{ name: 'IMG_1.jpg', mimeType: 'image/jpeg', buffer: photo }]);
      const mark = page.getByTestId('waiting-mark').first();
      await mark.waitFor({ timeout: 45_000 });
      expect(await mark.textContent()).toBe(WAITING[language]);
      const tile = page.locator('.photo-grid > li', { has: mark });
      const heart = tile.locator('.heart-button-tile');
      // Measured once the grid holds still: it settles its columns as the page fills (the landing above it, a
      // scroll bar), and a tile caught mid-change is not what a guest looks at. Overlapping for good still fails.
      const [markBox, heartBox, tileBox] = await until(
        'the tile laid out, its mark clear of the heart',
        async () => {
          const boxes = await Promise.all([mark.boundingBox(), heart.boundingBox(), tile.boundingBox()]);
          return boxes.every(Boolean) && !overlap(boxes[0]!, boxes[1]!) && boxes;
        },
        20_000,
      );
      // Both inside their tile.
      for (const box of [markBox!, heartBox!]) {
        expect(box.x).toBeGreaterThanOrEqual(tileBox!.x);
        expect(box.x + box.width).toBeLessThanOrEqual(tileBox!.x + tileBox!.width + 0.5);
        expect(box.y + box.height).toBeLessThanOrEqual(tileBox!.y + tileBox!.height + 0.5);
      }
      if (process.env.SCREENSHOTS) {
        await page.screenshot({ path: `${process.env.SCREENSHOTS}/own-tile-${language}-360.png` });
      }
    },
    90_000,
  );

  it.each([
    ['en', PHONE, '1 file could not be uploaded'],
    ['fr', PHONE, '1 fichier n’a pas pu être envoyé'],
    ['es', PHONE, '1 archivo no se pudo subir'],
    ['en', DESKTOP, '1 file could not be uploaded'],
  ] as const)(
    'sums up a failed upload as a failure, on a line of its own (%s, %o)',
    async (language, viewport, text) => {
      const page = await guestPage(language, viewport);
      // Named as a photo, but not one: the server refuses it by its content.
      await page
        .getByTestId('photo-file-input')
        .setInputFiles([
          { name: 'IMG_2.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') },
        ]);
      const summary = page.getByTestId('upload-summary');
      await page.locator('[data-testid="upload-panel"][data-ended="true"]').waitFor({ timeout: 45_000 });
      expect(await summary.textContent()).toBe(text);
      const colours = await summary.evaluate((element) => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--color-success)';
        document.body.append(probe);
        const success = getComputedStyle(probe).color;
        probe.remove();
        const failure = element.querySelector('.upload-failed-count')!;
        return {
          success,
          summary: getComputedStyle(element).color,
          failure: getComputedStyle(failure).color,
        };
      });
      expect(colours.summary).not.toBe(colours.success);
      expect(colours.failure).not.toBe(colours.success);
      // One or two lines, nearly the panel's width: no narrow column of words.
      const [summaryBox, panelBox, lineHeight] = await Promise.all([
        summary.boundingBox(),
        page.getByTestId('upload-panel').boundingBox(),
        summary.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight)),
      ]);
      expect(summaryBox!.height).toBeLessThanOrEqual(2 * lineHeight + 1);
      if (viewport === PHONE) expect(summaryBox!.width).toBeGreaterThan(panelBox!.width * 0.75);
      if (process.env.SCREENSHOTS) {
        await page.getByTestId('upload-panel').screenshot({
          path: `${process.env.SCREENSHOTS}/upload-failed-${language}-${viewport.width}.png`,
        });
      }
    },
    90_000,
  );
});
