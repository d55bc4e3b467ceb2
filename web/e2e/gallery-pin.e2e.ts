import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { en } from '@gallery/contracts';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  startBrowserTest,
  subscribedTo,
  until,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from './product-api.js';

// The gallery PIN as the couple sets it on the event page and a guest meets it: the product as npm start runs
// it, and Chromium. With SCREENSHOTS=dir, the PIN screen and the couple's control are saved there.

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

describe('the gallery PIN in the browser', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function open(path: string, ownerToken?: string, viewport = PHONE) {
    const context = await e2e!.browser.newContext({ viewport });
    if (ownerToken) {
      await context.addInitScript((token) => localStorage.setItem('authToken', token), ownerToken);
    }
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}${path}`);
    return page;
  }

  /** Fits both widths; with SCREENSHOTS, saves the page (or only `part`, scrolled to, at each width). */
  async function shoot(page: Page, name: string, part?: Locator): Promise<void> {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      if (!process.env.SCREENSHOTS) continue;
      const path = `${process.env.SCREENSHOTS}/${name}-${viewport.width}.png`;
      await (part ? part.screenshot({ path }) : page.screenshot({ path }));
    }
  }

  const PIN = '482913';

  async function setPin(code: string, ownerToken: string): Promise<void> {
    await graphqlAt(
      e2e!.product.url,
      'mutation ($code: String!, $pin: String!) { setGalleryPin(eventCode: $code, pin: $pin) { code } }',
      { code, pin: PIN },
      ownerToken,
    );
  }

  /** A guest's pass, as entering the PIN in the gallery gives it. */
  async function passFor(code: string): Promise<string> {
    const { enterGalleryPin } = await graphqlAt<{ enterGalleryPin: { pass: string } }>(
      e2e!.product.url,
      'mutation ($code: String!, $pin: String!) { enterGalleryPin(code: $code, pin: $pin) { pass } }',
      { code, pin: PIN },
    );
    return enterGalleryPin.pass;
  }

  /** The slideshow wall opened from a new link of the couple's, and the photo it shows now. */
  async function openWall(code: string, ownerToken: string) {
    const { createWallLink } = await graphqlAt<{ createWallLink: { url: string } }>(
      e2e!.product.url,
      'mutation ($code: String!) { createWallLink(eventCode: $code) { url } }',
      { code },
      ownerToken,
    );
    const wall = await open(createWallLink.url.replace(/^https?:\/\/[^/]+/, ''), undefined, DESKTOP);
    const showing = (photoId: string) =>
      until(
        `photo ${photoId} on the wall`,
        async () =>
          (await wall.getByTestId('wall-media').getAttribute('data-photo-id')) === photoId ? true : null,
        45_000,
      );
    return { wall, showing };
  }

  it('lets the couple set a PIN; a guest enters a wrong then the right one, and stays in after a reload', async () => {
    const url = e2e!.product.url;
    const { code, sessionToken: ownerToken } = await createGalleryAt(url);
    const [photoId] = await uploadGuestPhotos(url, code, 1);

    const event = await open(`/event/${code}`, ownerToken, DESKTOP);
    const control = event.getByTestId('gallery-pin-control');
    await control.getByText('No PIN: the code alone opens the gallery.').waitFor({ timeout: 45_000 });
    // Saved with Enter, as every setting of the page saves when changed.
    await control.getByLabel('New PIN').fill('12');
    await control.getByLabel('New PIN').press('Enter');
    await control.getByText(en.errors.PIN_FORMAT_INVALID).waitFor();
    await control.getByLabel('New PIN').fill('482913');
    await control.getByLabel('New PIN').press('Enter');
    await control.getByText('PIN saved.', { exact: false }).waitFor();
    await control.getByRole('button', { name: 'Remove PIN' }).waitFor();
    await shoot(event, 'gallery-pin-owner-en', control);

    // The couple's own gallery needs no PIN.
    const couple = await open(`/gallery/${code}`, ownerToken);
    await couple.locator(`img[data-photo-id="${photoId}"]`).waitFor({ timeout: 45_000 });

    const guest = await open(`/gallery/${code}`);
    const pin = guest.getByLabel('PIN', { exact: true });
    await pin.waitFor({ timeout: 45_000 });
    expect(await pin.getAttribute('inputmode')).toBe('numeric');
    expect(await guest.locator(`img[data-photo-id="${photoId}"]`).count()).toBe(0);
    await shoot(guest, 'gallery-pin-guest-en');
    await pin.fill('111111');
    await guest.getByRole('button', { name: 'Open the gallery' }).click();
    await guest.getByText(en.errors.PIN_WRONG).waitFor();
    await shoot(guest, 'gallery-pin-guest-wrong-en');
    // The live socket opens once the gallery shows; its subscriptions carry the pass just kept.
    const subscribed = subscribedTo(guest, 'photoAdded');
    await pin.fill('482913');
    await guest.getByRole('button', { name: 'Open the gallery' }).click();
    await guest.locator(`img[data-photo-id="${photoId}"]`).waitFor({ timeout: 45_000 });
    await subscribed;

    // A photo another guest sends arrives live, without a reload (the gateway refuses a socket without the pass).
    const pass = await guest.evaluate((galleryCode) => {
      const kept = localStorage.getItem(`galleryPass:${galleryCode}`);
      return kept ? (JSON.parse(kept) as { pass: string }).pass : '';
    }, code);
    const [livePhotoId] = await uploadGuestPhotos(url, code, 1, { pass });
    await guest.locator(`img[data-photo-id="${livePhotoId}"]`).waitFor({ timeout: 45_000 });

    await guest.reload();
    await guest.locator(`img[data-photo-id="${photoId}"]`).waitFor({ timeout: 45_000 });
    expect(await guest.getByLabel('PIN', { exact: true }).count()).toBe(0);

    // In French, the screen a new guest meets.
    const french = await open(`/fr/gallery/${code}`);
    await french.getByLabel('Code PIN', { exact: true }).waitFor({ timeout: 45_000 });
    await shoot(french, 'gallery-pin-guest-fr');
  }, 240_000);

  it('asks an open gallery for the PIN as soon as the couple sets one; the wall goes on, the guest who enters it is live again', async () => {
    const url = e2e!.product.url;
    const { code, ownerToken } = await createGalleryAt(url);
    const [photoId] = await uploadGuestPhotos(url, code, 1);
    const wall = await openWall(code, ownerToken);
    await wall.showing(photoId);

    const guest = await open(`/gallery/${code}`);
    const subscribed = subscribedTo(guest, 'photoAdded');
    await guest.locator(`img[data-photo-id="${photoId}"]`).waitFor({ timeout: 45_000 });
    await subscribed;

    await setPin(code, ownerToken);
    // The stranger's tab, open since before the PIN, now asks for it and shows no photo.
    await guest.getByLabel('PIN', { exact: true }).waitFor({ timeout: 45_000 });
    expect(await guest.locator(`img[data-photo-id="${photoId}"]`).count()).toBe(0);
    await shoot(guest, 'gallery-pin-set-while-open-en');

    // The wall's link is a pass: the venue screen reconnects and the next photo still goes on it.
    const [livePhotoId] = await uploadGuestPhotos(url, code, 1, { pass: await passFor(code) });
    await wall.showing(livePhotoId);
    expect(await guest.locator(`img[data-photo-id="${livePhotoId}"]`).count()).toBe(0);

    // The guest enters the PIN the couple gave out: the photos come back, and new ones arrive live again.
    await guest.getByLabel('PIN', { exact: true }).fill(PIN);
    await guest.getByRole('button', { name: 'Open the gallery' }).click();
    await guest.locator(`img[data-photo-id="${livePhotoId}"]`).waitFor({ timeout: 45_000 });
    const [afterPin] = await uploadGuestPhotos(url, code, 1, { pass: await passFor(code) });
    await guest.locator(`img[data-photo-id="${afterPin}"]`).waitFor({ timeout: 45_000 });
  }, 240_000);

  it("shows the slideshow wall on a gallery with a PIN: the link's key lets the venue's screen in", async () => {
    const url = e2e!.product.url;
    const { code, ownerToken } = await createGalleryAt(url);
    const [photoId] = await uploadGuestPhotos(url, code, 1);
    await setPin(code, ownerToken);
    const wall = await openWall(code, ownerToken);
    await wall.showing(photoId);

    // A guest who entered the PIN sends a photo: it goes on the wall live, through the wall's own socket.
    const [livePhotoId] = await uploadGuestPhotos(url, code, 1, { pass: await passFor(code) });
    await wall.showing(livePhotoId);
  }, 240_000);
});
