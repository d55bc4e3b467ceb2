import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { VideoFrames } from '../../services/media/src/videos/video-frames.js';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, type BrowserTest } from './browser.js';
import { createGalleryAt, graphqlAt } from './product-api.js';

// A guest's open gallery turns Premium when the couple pays, then takes a video and plays it, the way npm start
// runs the product: real services, gateway (its CSP included), PostgreSQL, NATS, S3 server, ffmpeg, Chromium.

describe('videos in the browser', () => {
  let e2e: BrowserTest | undefined;
  let fixtures: string | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest({ chromiumArgs: ['--autoplay-policy=no-user-gesture-required'] });
    fixtures = await mkdtemp(path.join(os.tmpdir(), 'videos-e2e-'));
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
    if (fixtures) await rm(fixtures, { recursive: true, force: true });
  }, STOP_TIMEOUT_MS);

  it('takes a video once the owner has bought Premium, shows its poster and length, and plays it', async () => {
    const url = e2e!.product.url;
    const { code, ownerToken } = await createGalleryAt(url);

    const file = path.join(fixtures!, 'first-dance.webm');
    await promisify(execFile)(VideoFrames.locate().tools.ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10'],
      ...['-pix_fmt', 'yuv420p', file],
    ]);

    const page = await (await e2e!.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`${url}/gallery/${code}`);
    const input = page.getByTestId('photo-file-input');
    await page.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
    await expect(input.getAttribute('accept')).resolves.not.toContain('video/webm');

    // The couple pays for Premium (the demo checkout drives the real webhook path) while the guest's screen is
    // open: it turns Premium, and starts taking videos, without a reload.
    const { startCheckout } = await graphqlAt<{ startCheckout: { id: string } }>(
      url,
      'mutation ($code: String!) { startCheckout(eventCode: $code, plan: PREMIUM) { id } }',
      { code },
      ownerToken,
    );
    await graphqlAt(url, 'mutation ($id: ID!) { payDemoCheckout(id: $id) { status } }', {
      id: startCheckout.id,
    });
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="photo-file-input"]')
          ?.getAttribute('accept')
          ?.includes('video/webm'),
      undefined,
      { timeout: 45_000 },
    );
    await input.setInputFiles([
      { name: 'first-dance.webm', mimeType: 'video/webm', buffer: await readFile(file) },
    ]);
    await page.locator('[data-testid="upload-panel"][data-ended="true"]').waitFor({ timeout: 30_000 });

    const tile = page.getByRole('img', { name: /^Video, 0:02, [A-Z][a-z]{2} \d{1,2}, / });
    await tile.waitFor({ timeout: 45_000 });
    await expect(page.locator('.video-duration').textContent()).resolves.toBe('0:02');
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: path.join(process.env.SCREENSHOTS, 'video-tile.png') });
    await tile.click();

    const video = page.getByRole('dialog').locator('video');
    await video.waitFor();
    expect(
      await video.evaluate((element: HTMLVideoElement) => [element.controls, element.playsInline]),
    ).toEqual([true, true]);
    // Played from storage through the presigned redirect: the CSP's media-src lets it in.
    await video.evaluate((element: HTMLVideoElement) => element.play());
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.2, undefined, {
      timeout: 45_000,
    });
    expect(await video.evaluate((element: HTMLVideoElement) => Math.round(element.duration))).toBe(2);
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: path.join(process.env.SCREENSHOTS, 'video-viewer.png') });
  }, 120_000);
});
