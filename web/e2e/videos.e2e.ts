import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';
import { startTestPlatform, type TestPlatform } from '@gallery/testing';
import { VideoFrames } from '../../services/media/src/videos/video-frames.js';
// @ts-expect-error plain ESM module shared with `npm start`
import { startProduct } from '../../infra/product.mjs';
// @ts-expect-error plain ESM module shared with `npm start`
import { databaseUrl, SERVICE_DATABASES } from '../../infra/services.mjs';

// A guest adds a video to a Premium gallery and plays it, the way npm start runs the product: real services,
// gateway (its CSP included), PostgreSQL, NATS, S3 server, ffmpeg, and Chromium.

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

/** Sets a gallery's plan in one service's database: the upgrade itself is the billing flow's to test. */
async function setPlan(platform: TestPlatform, service: 'events' | 'media', sql: string, code: string) {
  const client = new pg.Client({
    connectionString: databaseUrl(platform.env.DATABASE_URL, SERVICE_DATABASES[service]),
  });
  await client.connect();
  try {
    for (;;) {
      const { rowCount } = await client.query(sql, [code]);
      if (rowCount === 1) return;
      // The media service hears of the gallery through event.created: wait for its row.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

describe('videos in the browser', () => {
  let platform: TestPlatform | undefined;
  let product: { url: string; stop(): Promise<void> } | undefined;
  let browser: Browser | undefined;
  let fixtures: string | undefined;

  beforeAll(async () => {
    platform = await startTestPlatform();
    product = await startProduct({ platformEnv: platform.env });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    fixtures = await mkdtemp(path.join(os.tmpdir(), 'videos-e2e-'));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await platform?.stop();
    if (fixtures) await rm(fixtures, { recursive: true, force: true });
  }, 60_000);

  it('shows a Premium gallery video as a poster with its length, and plays it in the viewer', async () => {
    const created = await fetch(`${product!.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `mutation ($input: CreateGalleryInput!) { createGallery(input: $input) { event { code } } }`,
        variables: {
          input: {
            coupleNames: 'Sarah & Mike',
            weddingDate: '2027-06-12',
            location: 'Lyon, France',
            email: 'sarah@example.com',
            phone: '+33 6 12 34 56 78',
            plan: 'FREE',
          },
        },
      }),
    });
    const code = ((await created.json()) as { data: { createGallery: { event: { code: string } } } }).data
      .createGallery.event.code;
    await setPlan(platform!, 'events', `UPDATE events SET plan = 'premium' WHERE code = $1`, code);
    await setPlan(platform!, 'media', `UPDATE galleries SET plan = 'premium' WHERE code = $1`, code);

    const file = path.join(fixtures!, 'first-dance.webm');
    await promisify(execFile)(VideoFrames.locate().tools.ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10'],
      ...['-pix_fmt', 'yuv420p', file],
    ]);

    const page = await (await browser!.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`${product!.url}/gallery/${code}`);
    const input = page.getByTestId('photo-file-input');
    await page.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
    await expect(input.getAttribute('accept')).resolves.toContain('video/webm');
    await input.setInputFiles([
      { name: 'first-dance.webm', mimeType: 'video/webm', buffer: await readFile(file) },
    ]);
    await page.locator('[data-testid="upload-item"][data-status="done"]').waitFor({ timeout: 30_000 });

    const tile = page.getByRole('img', { name: 'Video, 0:02 (1 of 1)' });
    await tile.waitFor({ timeout: 15_000 });
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
      timeout: 15_000,
    });
    expect(await video.evaluate((element: HTMLVideoElement) => Math.round(element.duration))).toBe(2);
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: path.join(process.env.SCREENSHOTS, 'video-viewer.png') });
  }, 120_000);
});
