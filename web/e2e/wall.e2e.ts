import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { en } from '@gallery/contracts';
import { fr } from '../src/i18n/fr.js';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  startBrowserTest,
  subscribedTo,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from './product-api.js';

// The slideshow wall on the venue's screen, as the couple opens it and guests feed it from their phones.

const CREATE_LINK = `mutation ($code: String!) { createWallLink(eventCode: $code) { url } }`;
const SET_INTERVAL = `mutation ($code: String!, $seconds: Int!) { setWallInterval(eventCode: $code, seconds: $seconds) }`;
const REMOVE = `mutation ($id: ID!) { removePhoto(id: $id) }`;

/** The wall's sockets, kept so a test can drop them as the venue's Wi-Fi would. */
function recordSockets() {
  const sockets: WebSocket[] = [];
  (window as unknown as { wallSockets: WebSocket[] }).wallSockets = sockets;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      sockets.push(this);
    }
  };
}

describe('the slideshow wall', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  /** A gallery with `photos` guest photos, and its wall open on a 1280 x 720 screen showing the newest. */
  async function wallWith(photos: number) {
    const url = e2e!.product.url;
    const { code, ownerToken } = await createGalleryAt(url);
    const ids = await uploadGuestPhotos(url, code, photos);
    // A minute a photo: within a test the loop never moves by itself, so whatever changes is the wall's doing.
    await graphqlAt(url, SET_INTERVAL, { code, seconds: 60 }, ownerToken);
    const { createWallLink } = await graphqlAt<{ createWallLink: { url: string } }>(
      url,
      CREATE_LINK,
      { code },
      ownerToken,
    );
    const context = await e2e!.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.addInitScript(recordSockets);
    // The wall listens for the couple's settings: a change made before it did would pass it by.
    const listening = subscribedTo(page, 'gallerySettingsChanged');
    await page.goto(createWallLink.url.replace(/^https?:\/\/[^/]+/, url));
    await page.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
    await listening;
    return { code, ownerToken, ids, page };
  }

  const onScreen = (page: Page) => page.getByTestId('wall-media').getAttribute('data-photo-id');
  async function waitForOnScreen(page: Page, photoId: string) {
    await page.locator(`[data-testid="wall-media"][data-photo-id="${photoId}"]`).waitFor({ timeout: 15_000 });
  }

  it('shows a photo a guest just uploaded next, ahead of the loop', async () => {
    const { code, ids, page } = await wallWith(3);
    await waitForOnScreen(page, ids[2]);
    const [fresh] = await uploadGuestPhotos(e2e!.product.url, code, 1);
    await waitForOnScreen(page, fresh);
    // The QR code in the corner invites the room to join.
    await expect(page.getByRole('img', { name: /QR code for .*\/gallery\// }).isVisible()).resolves.toBe(
      true,
    );
  });

  it('comes back after its socket drops and shows the photo that arrived meanwhile', async () => {
    const { code, ids, page } = await wallWith(2);
    await waitForOnScreen(page, ids[1]);
    await page.context().setOffline(true);
    await page.evaluate(() =>
      (window as unknown as { wallSockets: WebSocket[] }).wallSockets.forEach((socket) => socket.close()),
    );
    await page.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor();
    const [meanwhile] = await uploadGuestPhotos(e2e!.product.url, code, 1);
    await page.context().setOffline(false);
    await waitForOnScreen(page, meanwhile);
    await page.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor({ state: 'detached' });
  });

  it('takes a photo off the screen the moment the couple removes it', async () => {
    const { ownerToken, ids, page } = await wallWith(2);
    await waitForOnScreen(page, ids[1]);
    await graphqlAt(e2e!.product.url, REMOVE, { id: ids[1] }, ownerToken);
    await waitForOnScreen(page, ids[0]);
    expect(await page.locator(`[data-photo-id="${ids[1]}"]`).count()).toBe(0);
  });

  it('empties itself when the couple turns the gallery into a drop box, and fills again when they turn it back', async () => {
    const { code, ownerToken, ids, page } = await wallWith(2);
    await waitForOnScreen(page, ids[1]);
    const setVisibility = (visibility: string) =>
      graphqlAt(
        e2e!.product.url,
        `mutation ($code: String!, $settings: PrivacySettingsInput!) {
          setPrivacySettings(eventCode: $code, settings: $settings) { code }
        }`,
        { code, settings: { guestOriginalsAllowed: true, visibility } },
        ownerToken,
      );
    await setVisibility('OWN');
    // Guests' photos are each their own now: the venue's screen, no guest's, shows none of them.
    await page
      .getByText('Photos appear here the moment guests share them.', { exact: false })
      .waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid="wall-media"]').count()).toBe(0);
    await setVisibility('EVERYONE');
    await waitForOnScreen(page, ids[1]);
  });

  it('moves and pauses from the keyboard', async () => {
    const { ids, page } = await wallWith(3);
    await waitForOnScreen(page, ids[2]);
    await page.keyboard.press('ArrowRight');
    await waitForOnScreen(page, ids[1]);
    await page.keyboard.press('ArrowLeft');
    await waitForOnScreen(page, ids[2]);
    await page.keyboard.press('k');
    await expect(page.getByRole('button', { name: 'Play' }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    expect(await onScreen(page)).toBe(ids[2]);
  });

  it('is opened by the couple from their event page, with the time per photo they chose', async () => {
    const { code, sessionToken } = await createGalleryAt(e2e!.product.url);
    const context = await e2e!.browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((token) => localStorage.setItem('authToken', token), sessionToken);
    const owner = await context.newPage();
    await owner.goto(`${e2e!.product.url}/event/${code}`);
    await owner.getByRole('heading', { name: 'Slideshow wall' }).waitFor();
    await owner.getByLabel('Time per photo').selectOption('15');
    await owner.getByText('Saved: each photo now stays 15 seconds.').waitFor();
    await owner.getByRole('button', { name: 'Open the wall' }).click();
    const link = await owner.getByLabel('Wall link').inputValue();
    expect(link).toMatch(new RegExp(`/wall/${code}#key=`));
    const key = new URL(link).hash.replace('#key=', '');
    const { wall: opened } = await graphqlAt<{ wall: { intervalSeconds: number } }>(
      e2e!.product.url,
      `query ($code: String!, $key: String!) { wall(code: $code, key: $key) { intervalSeconds } }`,
      { code, key },
    );
    expect(opened.intervalSeconds).toBe(15);

    const [wall] = await Promise.all([
      context.waitForEvent('page'),
      owner.getByRole('link', { name: 'Open the wall' }).click(),
    ]);
    await wall.getByTestId('wall').waitFor();
    await wall
      .getByText('Photos appear here the moment guests share them. Scan the code to add yours!')
      .waitFor();

    await owner.getByRole('button', { name: 'Close all wall links' }).click();
    await owner.getByText('Every wall link is closed. Open the wall again for a new one.').waitFor();
    await wall.reload();
    await wall.getByText(en.errors.WALL_LINK_INVALID).waitFor();
  });

  it("shows a French couple's wall in French, inviting the room to their gallery's French address", async () => {
    const url = e2e!.product.url;
    const { code, ownerToken } = await createGalleryAt(url, { coupleNames: 'Léa & Tom', language: 'fr' });
    const { createWallLink } = await graphqlAt<{ createWallLink: { url: string } }>(
      url,
      CREATE_LINK,
      { code },
      ownerToken,
    );
    const page = await e2e!.browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(createWallLink.url.replace(/^https?:\/\/[^/]+/, url));
    await page.getByText(fr.wall.join).first().waitFor();
    await page.getByText(`/fr/gallery/${code}`).waitFor();
  });

  it('opens for nobody without the link the couple made', async () => {
    const { code } = await createGalleryAt(e2e!.product.url);
    const page = await e2e!.browser.newPage();
    await page.goto(`${e2e!.product.url}/wall/${code}`);
    await page.getByText(en.errors.WALL_LINK_INVALID).waitFor();
    await page.goto(`${e2e!.product.url}/wall/${code}#key=made-up-key-of-24-chars`);
    await page.getByText(en.errors.WALL_LINK_INVALID).waitFor();
    expect(await page.getByTestId('wall').count()).toBe(0);
  });
});
