import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { facesFolder } from '@gallery/testing';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, until, type BrowserTest } from './browser.js';
import { createGalleryAt, uploadGuestPhotos } from './product-api.js';

// "Find me" as a couple and a guest use it, with real faces (../shared/data/faces): the couple turns it on on the
// event page, a guest's photos are looked at, and another guest finds the photos they are in with a selfie from a
// file on a phone, drops one with "Not me" and downloads the others. The product as npm start runs it, Chromium.
// With SCREENSHOTS=dir, the results are saved there at 360 and 1280 px in English, French and Spanish.

const run = promisify(execFile);
const FACES = facesFolder();
const PHONE = { width: 360, height: 740 };
/** A page's patience for each step: a machine running the whole suite can take a while to draw one. */
const STEP_TIMEOUT_MS = 90_000;

/** A guest's photo of these people side by side (their portraits on a 1200 x 500 background), as a JPEG. */
async function photoOf(...people: [string, number][]): Promise<Buffer> {
  const tiles = await Promise.all(
    people.map(([person, n]) =>
      sharp(path.join(FACES, person, `${person}${n}.png`))
        .resize(300, 300)
        .toColourspace('srgb')
        .png()
        .toBuffer(),
    ),
  );
  return sharp({ create: { width: 1200, height: 500, channels: 3, background: '#8a8f96' } })
    .composite(tiles.map((input, i) => ({ input, left: 60 + i * 400, top: 100 })))
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('Find me in the browser', () => {
  let e2e: BrowserTest | undefined;
  let tmp: string;

  beforeAll(async () => {
    e2e = await startBrowserTest();
    tmp = await mkdtemp(path.join(os.tmpdir(), 'find-me-e2e-'));
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }, STOP_TIMEOUT_MS);

  it('finds a guest’s photos from a selfie, drops one with “Not me” and zips the others', async () => {
    const url = e2e!.product.url;
    const { code, sessionToken } = await createGalleryAt(url);

    // The couple reads what it does, turns it on (off by default) and lets guests download.
    const coupleContext = await e2e!.browser.newContext();
    await coupleContext.addInitScript((token) => localStorage.setItem('authToken', token), sessionToken);
    const couple = await coupleContext.newPage();
    couple.setDefaultTimeout(STEP_TIMEOUT_MS);
    await couple.goto(`${url}/event/${code}`);
    const section = couple.locator('#find-me');
    await section.getByText('a face record for each face found', { exact: false }).waitFor();
    const findMe = section.getByRole('switch', { name: 'Guests may find their photos with a selfie' });
    expect(await findMe.isChecked()).toBe(false);
    await findMe.click();
    await section.getByText('Ready: 0 photos looked at for faces').waitFor();
    const downloads = couple.getByRole('switch', { name: 'Guests may download all photos' });
    await downloads.click();
    await until(
      'guests allowed to download',
      async () => (await downloads.isChecked()) && (await downloads.isEnabled()),
    );

    // Guests' portraits and group photos, Amy in two of them; the couple's page follows them being looked at.
    const [amyAndRaj, , , pennyAndAmy, withoutAmy] = await uploadGuestPhotos(url, code, 5, {
      files: [
        await photoOf(['amy', 2], ['raj', 2]),
        await photoOf(['raj', 1]),
        await photoOf(['penny', 1]),
        await photoOf(['penny', 3], ['amy', 3]),
        await photoOf(['sheldon', 2], ['leonard', 2]),
      ],
    });
    await section.getByText('Ready: 5 photos looked at for faces').waitFor({ timeout: 180_000 });
    await coupleContext.close();

    // A guest on a phone: "Find my photos" beside the gallery's other actions, then one consent sentence.
    const context = await e2e!.browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      acceptDownloads: true,
    });
    const guest = await context.newPage();
    guest.setDefaultTimeout(STEP_TIMEOUT_MS);
    await guest.goto(`${url}/gallery/${code}`);
    await guest.getByRole('link', { name: 'Find my photos' }).click();
    await guest.waitForURL(`${url}/gallery/${code}/find-me`);
    await guest
      .getByText(
        'Your selfie is compared with the faces in this gallery’s photos to show you the ones you are in, then discarded.',
      )
      .waitFor();
    await guest.getByRole('button', { name: 'Take a selfie' }).waitFor();

    // A portrait of Amy other than those in the gallery, as the file the camera gives; kept on the phone.
    await guest.getByLabel('Keep me findable on this device').check();
    const selfie = await sharp(path.join(FACES, 'amy', 'amy1.png'))
      .resize(1200, 1200)
      .jpeg()
      .toBuffer();
    await guest
      .getByTestId('selfie-input')
      .setInputFiles([{ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: selfie }]);
    const answer = guest.locator('.find-me-results h2, .find-me-message, .find-me-refusal').first();
    await answer.waitFor();
    expect(await answer.innerText()).toBe('Photos of you (2)');
    const shown = () =>
      guest
        .locator('.find-me-results img[data-photo-id]')
        .evaluateAll((images) => images.map((image) => image.getAttribute('data-photo-id')!).sort());
    expect(await shown()).toEqual([amyAndRaj, pennyAndAmy].sort());
    expect(await shown()).not.toContain(withoutAmy);
    // What went to the server was the scaled JPEG, and only the face record-free selfie stays on the phone.
    const kept = await guest.evaluate((key) => localStorage.getItem(key), `findMe.selfie.${code}`);
    const keptSize = await sharp(Buffer.from(kept!, 'base64')).metadata();
    expect([keptSize.format, keptSize.width, keptSize.height]).toEqual(['jpeg', 640, 640]);

    // "Not me" on one, from the keyboard: a small control after its photo in the tab order, named after it; the
    // photo is gone, and still gone when the kept selfie searches again with one tap.
    const tile = guest.locator('.find-me-results li', {
      has: guest.locator(`img[data-photo-id="${pennyAndAmy}"]`),
    });
    const notMe = tile.getByRole('button', { name: /^Not me: take “Photo.+” out of my results$/ });
    const [button, photo] = [await notMe.boundingBox(), await tile.locator('.photo-tile').boundingBox()];
    expect(Math.min(button!.width, button!.height)).toBeGreaterThanOrEqual(24);
    expect(button!.width * button!.height).toBeLessThan((photo!.width * photo!.height) / 8);
    await tile.locator('.photo-tile').focus();
    await guest.keyboard.press('Tab');
    expect(await notMe.evaluate((element) => element === document.activeElement)).toBe(true);
    await guest.keyboard.press('Enter');
    await guest.getByRole('heading', { name: 'Photos of you (1)' }).waitFor();
    await guest.reload();
    await guest.getByRole('button', { name: 'Search again with my kept selfie' }).click();
    await guest.getByRole('heading', { name: 'Photos of you (1)' }).waitFor();
    expect(await shown()).toEqual([amyAndRaj]);

    // "Download these": the zip of the photos shown, in its own folder.
    const download = guest.waitForEvent('download');
    await guest.getByRole('button', { name: 'Download these' }).click();
    const file = path.join(tmp, 'photos-of-you.zip');
    await (await download).saveAs(file);
    await guest.getByText('Download started: 1 photo').waitFor();
    expect((await run('unzip', ['-t', file])).stdout).toContain('No errors detected');
    const entries = (await run('zipinfo', ['-1', file])).stdout.trim().split('\n');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatch(/^Photos of you\/\d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d IMG_0\.jpg$/);

    if (process.env.SCREENSHOTS) {
      // The phone's results in each language (its kept selfie searches again), then a desktop's from a file.
      const desktopContext = await e2e!.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const desktop = await desktopContext.newPage();
      desktop.setDefaultTimeout(STEP_TIMEOUT_MS);
      for (const [page, width] of [
        [guest, PHONE.width],
        [desktop, 1280],
      ] as const) {
        for (const language of ['en', 'fr', 'es']) {
          await page.goto(`${url}${language === 'en' ? '' : `/${language}`}/gallery/${code}/find-me`);
          if (page === guest) await page.locator('.find-me-kept .button-primary').click();
          else
            await page
              .getByTestId('selfie-input')
              .setInputFiles([{ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: selfie }]);
          await page.locator('.find-me-results img[data-photo-id]').first().waitFor();
          await page.screenshot({
            path: path.join(process.env.SCREENSHOTS, `find-me-results-${language}-${width}.png`),
            fullPage: true,
          });
        }
      }
      await desktopContext.close();
      await guest.goto(`${url}/gallery/${code}/find-me`);
    }

    // "Forget me" takes the selfie off the phone.
    await guest.getByRole('button', { name: 'Forget me' }).click();
    await guest.getByText('Done: your selfie is deleted from this device.').waitFor();
    expect(await guest.evaluate((key) => localStorage.getItem(key), `findMe.selfie.${code}`)).toBeNull();
    await context.close();
  }, 600_000);
});
