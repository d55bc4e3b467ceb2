import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  seriousViolations,
  startBrowserTest,
  until,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, graphqlAt } from './product-api.js';

// What a guest's photos tell about them, as a guest and a couple see it: the product as npm start runs it, and
// Chromium.

const run = promisify(execFile);

describe("a guest's privacy in the browser", () => {
  let e2e: BrowserTest | undefined;
  let tmp: string;

  beforeAll(async () => {
    e2e = await startBrowserTest();
    tmp = await mkdtemp(path.join(os.tmpdir(), 'guest-privacy-e2e-'));
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }, STOP_TIMEOUT_MS);

  /** A page of the gallery in a browser of its own; as the couple when given the owner token. */
  async function open(code: string, ownerToken?: string) {
    const context = await e2e!.browser.newContext({ acceptDownloads: true });
    if (ownerToken) {
      await context.addInitScript((token) => localStorage.setItem('authToken', token), ownerToken);
    }
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}/gallery/${code}`);
    await page.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
    return page;
  }

  /** What exiftool reads in a file, by group:tag. */
  async function tagsOf(file: string): Promise<Record<string, unknown>> {
    const { stdout } = await run('exiftool', ['-j', '-G', '-n', file]);
    return (JSON.parse(stdout) as Record<string, unknown>[])[0];
  }
  const gpsTags = (tags: Record<string, unknown>) => Object.keys(tags).filter((name) => /GPS/.test(name));

  /** Opens the first photo in the viewer and saves what its Download gives; the saved file's path. */
  async function downloadFromViewer(page: Awaited<ReturnType<typeof open>>, name: string): Promise<string> {
    await page.locator('img[data-photo-id]').first().click();
    const viewer = page.getByRole('dialog');
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await viewer.getByRole('link', { name: 'Download original' }).click();
    const file = path.join(tmp, name);
    await (await download).saveAs(file);
    await viewer.getByRole('button', { name: 'Close' }).click();
    return file;
  }

  it("gives guests a GPS-tagged photo's original without GPS, same pixels, and the couple theirs with it", async () => {
    const { code, ownerToken, sessionToken } = await createGalleryAt(e2e!.product.url);
    const sent = path.join(tmp, 'tower.jpg');
    await writeFile(
      sent,
      await sharp({ create: { width: 160, height: 120, channels: 3, background: '#4a7' } })
        .jpeg()
        .toBuffer(),
    );
    await run('exiftool', [
      ...['-q', '-overwrite_original', '-GPSLatitude=48.8584', '-GPSLatitudeRef=N', '-GPSLongitude=2.2945'],
      ...['-GPSLongitudeRef=E', '-SerialNumber=BODY-123', sent],
    ]);
    expect(gpsTags(await tagsOf(sent))).toContain('EXIF:GPSLatitude');

    const guest = await open(code);
    await guest.getByTestId('photo-file-input').setInputFiles(sent);
    await guest.locator('[data-testid="upload-panel"][data-ended="true"]').waitFor({ timeout: 30_000 });
    await guest.locator('img[data-photo-id]').first().waitFor();

    const guests = await downloadFromViewer(guest, 'guest.jpg');
    const guestTags = await tagsOf(guests);
    expect(gpsTags(guestTags)).toEqual([]);
    expect(guestTags['EXIF:SerialNumber']).toBeUndefined();
    const [pixelsSent, pixelsGot] = await Promise.all(
      [sent, guests].map((file) => sharp(file).raw().toBuffer()),
    );
    expect(pixelsGot.equals(pixelsSent)).toBe(true);

    const couple = await open(code, ownerToken);
    const couples = await downloadFromViewer(couple, 'couple.jpg');
    expect((await readFile(couples)).equals(await readFile(sent))).toBe(true);
    expect(gpsTags(await tagsOf(couples))).toContain('EXIF:GPSLatitude');

    // The couple turns "Keep where photos were taken in my downloads" off on the event page, by keyboard.
    const context = await e2e!.browser.newContext();
    await context.addInitScript((token) => localStorage.setItem('authToken', token), sessionToken);
    const event = await context.newPage();
    await event.goto(`${e2e!.product.url}/event/${code}`);
    const choice = event.getByTestId('owner-metadata');
    const keep = choice.getByRole('switch', { name: 'Keep where photos were taken in my downloads' });
    await keep.waitFor({ timeout: 45_000 });
    expect(await keep.isChecked()).toBe(true);
    await keep.focus();
    await event.keyboard.press('Space');
    await choice.locator('[data-testid="owner-metadata-status"][data-state="saved"]').waitFor();
    expect(await keep.isChecked()).toBe(false);
    await event.reload();
    await keep.waitFor({ timeout: 45_000 });
    expect(await keep.isChecked()).toBe(false);
    expect(await seriousViolations(event)).toEqual([]);

    // Once media has the choice, the couple's own download is the guests' copy: no GPS, the same pixels.
    const photoId = (await couple.locator('img[data-photo-id]').first().getAttribute('data-photo-id'))!;
    await until('the couple’s link to lead to the copy', async () => {
      const { photoOriginalUrl } = await graphqlAt<{ photoOriginalUrl: string }>(
        e2e!.product.url,
        'query ($id: ID!) { photoOriginalUrl(id: $id) }',
        { id: photoId },
        ownerToken,
      );
      const served = Buffer.from(await (await fetch(photoOriginalUrl)).arrayBuffer());
      return !served.equals(await readFile(sent));
    });
    const stripped = await downloadFromViewer(couple, 'couple-stripped.jpg');
    expect(gpsTags(await tagsOf(stripped))).toEqual([]);
    const [pixelsSentAgain, pixelsStripped] = await Promise.all(
      [sent, stripped].map((file) => sharp(file).raw().toBuffer()),
    );
    expect(pixelsStripped.equals(pixelsSentAgain)).toBe(true);
    await context.close();
  }, 180_000);

  /** A guest's page uploads one photo through the file input, as the guest would. */
  async function uploadThroughPage(page: Awaited<ReturnType<typeof open>>, name: string, colour: string) {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('photo-file-input')
      .setInputFiles([{ name, mimeType: 'image/jpeg', buffer: photo }]);
    await page.locator('[data-testid="upload-panel"][data-ended="true"]').waitFor({ timeout: 30_000 });
  }

  it("lets a guest delete their own photo after a confirmation; it leaves the other guests' screens live", async () => {
    const { code } = await createGalleryAt(e2e!.product.url);
    const anna = await open(code);
    const tom = await open(code);
    await uploadThroughPage(tom, 'tom.jpg', '#a33');
    await anna.locator('img[data-photo-id]').first().waitFor();
    await uploadThroughPage(anna, 'anna.jpg', '#3a3');
    await tom.locator('img[data-photo-id]').nth(1).waitFor();

    const annasId = await anna.evaluate(
      () => (JSON.parse(localStorage.getItem('galleryGuestIdentity') ?? '{}') as { id?: string }).id,
    );
    expect(annasId).toBeTruthy();
    const viewer = anna.getByRole('dialog');
    // Tom's photo (the older, second in the grid) offers no Delete to Anna.
    await anna.locator('img[data-photo-id]').nth(1).click();
    await viewer.getByRole('link', { name: 'Download original' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    await viewer.getByRole('button', { name: 'Close' }).click();

    // Her own does, and asks first; keeping it keeps it.
    await anna.locator('img[data-photo-id]').first().click();
    await viewer.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = anna.getByRole('dialog', { name: 'Delete this photo?' });
    await confirm.getByText('It leaves the gallery at once, for everyone. This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    const annasPhoto = await anna.locator('.photo-viewer img[data-photo-id]').getAttribute('data-photo-id');

    await viewer.getByRole('button', { name: 'Delete', exact: true }).click();
    await anna
      .getByRole('dialog', { name: 'Delete this photo?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();

    // Gone from Tom's open screen, live, and from Anna's; Tom's own photo stays.
    await tom.locator(`img[data-photo-id="${annasPhoto}"]`).waitFor({ state: 'detached', timeout: 30_000 });
    await anna.locator(`.photo-grid img[data-photo-id="${annasPhoto}"]`).waitFor({ state: 'detached' });
    expect(await tom.locator('img[data-photo-id]').count()).toBe(1);
  }, 120_000);
});
