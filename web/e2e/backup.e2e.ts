import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestWebDav, type TestWebDav } from '@gallery/testing';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  seriousViolations,
  startBrowserTest,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, upgradeToPremiumAt, uploadGuestPhotos } from './product-api.js';

// A Premium couple connects their cloud drive (a real WebDAV server the test runs) on the event page; a guest
// uploads and the photo arrives in the drive, the page counting it. A Free couple is refused, naming Premium.

describe("the backup to the couple's drive in the browser", () => {
  let e2e: BrowserTest | undefined;
  let drive: TestWebDav | undefined;

  beforeAll(async () => {
    drive = await startTestWebDav();
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
    await drive?.stop();
  }, STOP_TIMEOUT_MS);

  async function ownerPage(code: string, sessionToken: string, width = 360) {
    const context = await e2e!.browser.newContext({ viewport: { width, height: 800 } });
    await context.addInitScript((token) => localStorage.setItem('authToken', token), sessionToken);
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}/event/${code}`);
    return page;
  }

  async function fillDrive(page: Awaited<ReturnType<typeof ownerPage>>, password = drive!.password) {
    await page.getByRole('heading', { name: 'Backup' }).waitFor();
    await page.getByLabel('WebDAV folder address').fill(drive!.url);
    await page.getByLabel('User name').fill(drive!.username);
    await page.getByLabel('App password').fill(password);
    await page.getByRole('button', { name: 'Connect the drive' }).click();
  }

  it('refuses a Free couple with the message naming Premium', async () => {
    const { code, sessionToken } = await createGalleryAt(e2e!.product.url, { email: 'free@example.com' });
    const page = await ownerPage(code, sessionToken);
    // Folded on a lower plan: the fields once the couple asks to see them.
    await page.locator('#backup').getByRole('button', { name: 'See the settings' }).click();
    await fillDrive(page);
    await page
      .getByText(
        'The cloud-drive backup comes with the Premium plan. Upgrade this gallery to Premium to back it up to your drive.',
      )
      .waitFor();
    await page.locator('#backup').getByRole('link', { name: 'Upgrade to Premium' }).waitFor();
    await page.context().close();
  }, 120_000);

  it('connects the drive, copies a guest’s photo there and counts it on the page', async () => {
    const url = e2e!.product.url;
    const { code, ownerToken, sessionToken } = await createGalleryAt(url, {
      coupleNames: 'Anna & Ben',
      email: 'anna@example.com',
    });
    await upgradeToPremiumAt(url, code, ownerToken);

    const page = await ownerPage(code, sessionToken);
    await page.getByText('A photo removed from the gallery stays in your backup.').waitFor();
    await fillDrive(page, 'not-the-password');
    await page
      .getByText(
        'Your drive refused this user name and app password. Check them, or create a new app password in your drive’s settings.',
      )
      .waitFor();
    await page.getByLabel('App password').fill(drive!.password);
    await page.getByRole('button', { name: 'Connect the drive' }).click();
    await page.getByText('0 of 0 copied.').waitFor({ timeout: 30_000 });
    await page.getByText(drive!.url).waitFor();

    await uploadGuestPhotos(url, code, 1);
    await page.getByText('1 of 1 copied. Everything is copied.').waitFor({ timeout: 60_000 });
    const files = [...(await drive!.files()).keys()];
    expect(files).toHaveLength(1);
    expect(files[0]!.startsWith(`Anna & Ben ${code}/`)).toBe(true);
    expect((await readFile(path.join(drive!.dataDir, files[0]!))).length).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('#backup').screenshot({ path: path.join(os.tmpdir(), 'backup-360.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('#backup').screenshot({ path: path.join(os.tmpdir(), 'backup-1280.png') });
    await page.context().close();
  }, 180_000);
});
