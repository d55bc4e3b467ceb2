import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import {
  closeContexts,
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  startBrowserTest,
  subscribedTo,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from './product-api.js';

// Who sees which photos, as the couple sets it and as guests meet it: the product as npm start runs it, and
// Chromium. With SCREENSHOTS=dir, the Privacy section's choice and the guests' notice are saved there.

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

const SET_VISIBILITY = `mutation ($code: String!, $settings: PrivacySettingsInput!) {
  setPrivacySettings(eventCode: $code, settings: $settings) { code }
}`;

describe('who sees which photos, in the browser', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterEach(() => closeContexts(e2e), STOP_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  /** A page at `path` in a browser of its own (a guest is a browser); as the couple when given their token. */
  async function open(path: string, ownerToken?: string, viewport = DESKTOP) {
    const context = await e2e!.browser.newContext({ viewport });
    if (ownerToken) {
      await context.addInitScript((token) => localStorage.setItem('authToken', token), ownerToken);
    }
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}${path}`);
    return page;
  }

  /** A guest's page uploads one photo through the file input; the id of the photo it then shows. */
  async function uploadThroughPage(page: Awaited<ReturnType<typeof open>>, colour: string): Promise<string> {
    const before = await page.locator('img[data-photo-id]').count();
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('photo-file-input')
      .setInputFiles([{ name: 'IMG_1.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await page.locator('[data-testid="upload-panel"][data-ended="true"]').waitFor({ timeout: 30_000 });
    await page.waitForFunction(
      (count) => document.querySelectorAll('img[data-photo-id]').length > count,
      before,
    );
    return (await page.locator('img[data-photo-id]').first().getAttribute('data-photo-id'))!;
  }

  /** The ids of the photos a page shows, once each has loaded (its link opened for this viewer). */
  async function shownPhotos(page: Awaited<ReturnType<typeof open>>): Promise<string[]> {
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('img[data-photo-id]')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    return page.evaluate(() =>
      [...document.querySelectorAll('img[data-photo-id]')]
        .map((img) => img.getAttribute('data-photo-id')!)
        .sort(),
    );
  }

  it('makes a drop box: each guest sees only their own, the couple sees both', async () => {
    const url = e2e!.product.url;
    const { code, sessionToken } = await createGalleryAt(url);

    // The couple chooses the drop box on the event page.
    const event = await open(`/event/${code}`, sessionToken);
    const privacy = event.locator('#privacy');
    await privacy.getByRole('heading', { name: 'Guests and privacy' }).waitFor({ timeout: 45_000 });
    // A choice saves at once.
    await privacy.getByRole('radio', { name: 'Drop box: guests see only their own' }).check();
    await privacy.locator('[data-testid="visibility-status"][data-state="saved"]').waitFor();
    await privacy.getByRole('radio', { name: 'Reveal at a time' }).check();
    await privacy.getByLabel('Everyone’s photos appear at').waitFor();
    for (const viewport of [PHONE, DESKTOP]) {
      await event.setViewportSize(viewport);
      expect(await event.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      await privacy.getByTestId('visibility-form').scrollIntoViewIfNeeded();
      if (process.env.SCREENSHOTS) {
        await event.screenshot({
          path: `${process.env.SCREENSHOTS}/visibility-choice-${viewport.width}.png`,
        });
      }
    }

    // Two guests, two browsers: each uploads one photo and sees it, and only it, after a reload too.
    const anna = await open(`/gallery/${code}`, undefined, PHONE);
    const tom = await open(`/gallery/${code}`);
    await anna.getByTestId('visibility-notice').waitFor({ timeout: 45_000 });
    expect(await anna.getByTestId('visibility-notice').textContent()).toBe(
      'Only you and the couple see your photos.',
    );
    const annas = await uploadThroughPage(anna, '#c96');
    const toms = await uploadThroughPage(tom, '#69c');
    for (const [page, own] of [
      [anna, annas],
      [tom, toms],
    ] as const) {
      expect(await shownPhotos(page)).toEqual([own]);
      await page.reload();
      await page.locator(`img[data-photo-id="${own}"]`).waitFor({ timeout: 45_000 });
      expect(await shownPhotos(page)).toEqual([own]);
    }
    if (process.env.SCREENSHOTS) {
      for (const viewport of [PHONE, DESKTOP]) {
        await anna.setViewportSize(viewport);
        await anna.screenshot({ path: `${process.env.SCREENSHOTS}/visibility-notice-${viewport.width}.png` });
      }
    }
    // Another guest's photo link answers as for no photo.
    const asked = await anna.evaluate(
      async (id) => (await fetch(`/media/photos/${id}/thumbnail`)).status,
      toms,
    );
    expect(asked).toBe(404);

    // The couple's gallery shows both.
    const couple = await open(`/gallery/${code}`, sessionToken);
    await couple.locator(`img[data-photo-id="${annas}"]`).waitFor({ timeout: 45_000 });
    await couple.locator(`img[data-photo-id="${toms}"]`).waitFor();
    expect(await shownPhotos(couple)).toEqual([annas, toms].sort());
  }, 240_000);

  it("brings a drop box's photos live to the couple's screen, and the switch to every open guest screen", async () => {
    const url = e2e!.product.url;
    const { code, ownerToken } = await createGalleryAt(url);
    /** A gallery screen, once its live socket asked for new photos. */
    async function openLive(token?: string) {
      const context = await e2e!.browser.newContext({ viewport: PHONE });
      if (token) await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
      const page = await context.newPage();
      const subscribed = subscribedTo(page, 'photoAdded');
      await page.goto(`${url}/gallery/${code}`);
      await page.getByText('No photos yet. Be the first to upload one!').waitFor({ timeout: 45_000 });
      await subscribed;
      return page;
    }
    const couple = await openLive(ownerToken);
    const guest = await openLive();
    const [before] = await uploadGuestPhotos(url, code, 1);
    await couple.locator(`img[data-photo-id="${before}"]`).waitFor({ timeout: 45_000 });
    await guest.locator(`img[data-photo-id="${before}"]`).waitFor({ timeout: 45_000 });

    // The drop box: the guest's open screen follows without a reload, and no longer shows another's photo.
    const settings = (visibility: string) => ({
      code,
      settings: { guestOriginalsAllowed: true, visibility },
    });
    await graphqlAt(url, SET_VISIBILITY, settings('OWN'), ownerToken);
    await guest.getByTestId('visibility-notice').waitFor({ timeout: 45_000 });
    await guest.locator(`img[data-photo-id="${before}"]`).waitFor({ state: 'detached' });

    // A guest's photo in the drop box reaches the couple's open screen live, and shows there.
    const [dropped] = await uploadGuestPhotos(url, code, 1);
    await couple.locator(`img[data-photo-id="${dropped}"]`).waitFor({ timeout: 45_000 });
    expect(await shownPhotos(couple)).toEqual([before, dropped].sort());

    // Shared again: the guest's screen shows every photo, the drop box's too, still without a reload.
    await graphqlAt(url, SET_VISIBILITY, settings('EVERYONE'), ownerToken);
    await guest.locator(`img[data-photo-id="${dropped}"]`).waitFor({ timeout: 45_000 });
    expect(await shownPhotos(guest)).toEqual([before, dropped].sort());
    expect(await guest.getByTestId('visibility-notice').count()).toBe(0);
  }, 240_000);

  it("brings the hidden photos live to an open guest's screen at the reveal time", async () => {
    const url = e2e!.product.url;
    const { code, sessionToken } = await createGalleryAt(url);
    const reveal = (revealAt: string) =>
      graphqlAt(
        url,
        SET_VISIBILITY,
        {
          code,
          settings: {
            uploadsOpenAt: null,
            uploadsCloseAt: null,
            guestOriginalsAllowed: true,
            visibility: 'REVEAL',
            revealAt,
          },
        },
        sessionToken,
      );
    // An hour ahead while the guest's page opens, however long that takes on a busy machine.
    await reveal(new Date(Date.now() + 3_600_000).toISOString());
    const [hidden] = await uploadGuestPhotos(url, code, 1);

    const guest = await open(`/gallery/${code}`, undefined, PHONE);
    await guest.getByTestId('visibility-notice').waitFor({ timeout: 45_000 });
    expect(await guest.getByTestId('visibility-notice').textContent()).toMatch(
      /^Only you and the couple see your photos until .+\. Then everyone’s photos appear here\.$/,
    );
    expect(await guest.locator('img[data-photo-id]').count()).toBe(0);

    // The couple brings the moment close (the server announces a new reveal time too).
    const revealAt = new Date(Date.now() + 3_000).toISOString();
    await reveal(revealAt);

    // No reload: the server announces the moment and the photo arrives.
    await guest.locator(`img[data-photo-id="${hidden}"]`).waitFor({ timeout: 60_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(revealAt).getTime());
    await guest.getByTestId('visibility-notice').waitFor({ state: 'detached' });
  }, 180_000);
});
