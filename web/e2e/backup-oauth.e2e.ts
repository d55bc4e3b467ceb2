import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestDropbox, startTestGoogleDrive, type TestOAuthDrive } from '@gallery/testing';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  seriousViolations,
  startBrowserTest,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, upgradeToPremiumAt, uploadGuestPhotos } from './product-api.js';

// A Premium couple connects Google Drive on the event page through its sign-in (a local stand-in of Google's
// OAuth and Drive APIs that consents at once), comes back to the page through the gateway's callback, and a
// guest's photo arrives in the drive. Dropbox is offered beside it, both being configured.

describe('the backup to Google Drive and Dropbox in the browser', () => {
  let e2e: BrowserTest | undefined;
  let google: TestOAuthDrive | undefined;
  let dropbox: TestOAuthDrive | undefined;

  beforeAll(async () => {
    google = await startTestGoogleDrive();
    dropbox = await startTestDropbox();
    e2e = await startBrowserTest({
      serviceEnv: {
        backup: {
          GOOGLE_DRIVE_CLIENT_ID: google.clientId,
          GOOGLE_DRIVE_CLIENT_SECRET: google.clientSecret,
          GOOGLE_DRIVE_AUTHORIZE_URL: `${google.url}/authorize`,
          GOOGLE_DRIVE_TOKEN_URL: `${google.url}/token`,
          GOOGLE_DRIVE_API_URL: `${google.url}/`,
          DROPBOX_APP_KEY: dropbox.clientId,
          DROPBOX_APP_SECRET: dropbox.clientSecret,
          DROPBOX_AUTHORIZE_URL: `${dropbox.url}/oauth2/authorize`,
          DROPBOX_API_URL: dropbox.url,
          DROPBOX_CONTENT_URL: dropbox.url,
        },
      },
    });
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
    await google?.stop();
    await dropbox?.stop();
  }, STOP_TIMEOUT_MS);

  it('connects Google Drive through its sign-in and copies a guest’s photo there', async () => {
    const url = e2e!.product.url;
    const { code, ownerToken, sessionToken } = await createGalleryAt(url, {
      coupleNames: 'Anna & Ben',
      email: 'anna@example.com',
    });
    await upgradeToPremiumAt(url, code, ownerToken);

    const context = await e2e!.browser.newContext({ viewport: { width: 360, height: 800 } });
    await context.addInitScript((token) => localStorage.setItem('authToken', token), sessionToken);
    const page = await context.newPage();
    await page.goto(`${url}/event/${code}`);
    const section = page.locator('#backup');
    await section.getByRole('button', { name: 'Connect Dropbox' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await section.screenshot({ path: path.join(os.tmpdir(), 'backup-oauth-offer-360.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await section.screenshot({ path: path.join(os.tmpdir(), 'backup-oauth-offer-1280.png') });
    await page.setViewportSize({ width: 360, height: 800 });

    await section.getByRole('button', { name: 'Connect Google Drive' }).click();
    await page
      .getByText('Your drive is connected: every new photo is copied to it.')
      .waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.has('backup')).toBe(false);
    await section.getByText(`(${google!.email})`).waitFor();
    await section.getByRole('link', { name: 'Open the folder' }).waitFor();

    await uploadGuestPhotos(url, code, 1);
    await page.getByText('1 of 1 copied. Everything is copied.').waitFor({ timeout: 60_000 });
    const files = [...google!.files().keys()];
    expect(files).toHaveLength(1);
    expect(files[0]!.startsWith(`Wedding Gallery/Anna & Ben ${code}/`)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await section.screenshot({ path: path.join(os.tmpdir(), 'backup-oauth-connected-360.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await section.screenshot({ path: path.join(os.tmpdir(), 'backup-oauth-connected-1280.png') });
    await context.close();
  }, 180_000);
});
