import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, type BrowserTest } from './browser.js';
import { createGalleryAt } from './product-api.js';

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
    const { code, ownerToken } = await createGalleryAt(e2e!.product.url);
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
  }, 120_000);
});
