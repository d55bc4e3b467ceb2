import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { ListPartsCommand, S3Client } from '@aws-sdk/client-s3';
import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { MULTIPART_THRESHOLD_BYTES, UPLOAD_PART_BYTES } from '@gallery/contracts';
import { createS3Client } from '@gallery/platform';
import { VideoFrames } from '../../services/media/src/videos/video-frames.js';
import { en } from '../src/i18n/en.js';
// @ts-expect-error plain ESM module shared with `npm start`
import { S3_BUCKET } from '../../infra/services.mjs';
import {
  closeContexts,
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  startBrowserTest,
  until,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from './product-api.js';

// A guest's uploads on a venue's network, the way npm start runs the product: the connection drops, the
// browser goes offline, the page is reloaded, a video is cut off mid-way. Every file arrives, once.

/** A distinct JPEG of a phone photo's proportions. */
const photo = (seed: number) =>
  sharp(
    randomBytes(600 * 400 * 3).map((byte) => (byte + seed) % 256),
    {
      raw: { width: 600, height: 400, channels: 3 },
    },
  )
    .jpeg({ quality: 85 })
    .toBuffer();

/** A PNG of noise (it does not compress) over the threshold for parts: it goes in two. */
const largePhoto = () =>
  sharp(randomBytes(2800 * 1200 * 3), { raw: { width: 2800, height: 1200, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

/** The part number and upload a part PUT names; null for any other request. */
function partOf(url: string): { partNumber: number; uploadId: string; key: string } | null {
  const parsed = new URL(url);
  const partNumber = parsed.searchParams.get('partNumber');
  const uploadId = parsed.searchParams.get('uploadId');
  if (!partNumber || !uploadId) return null;
  const key = decodeURIComponent(parsed.pathname.split('/').slice(2).join('/'));
  return { partNumber: Number(partNumber), uploadId, key };
}

describe('uploads that survive the network', () => {
  let e2e: BrowserTest | undefined;
  let s3: S3Client | undefined;
  let fixtures: string | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
    const env = e2e.platform.env;
    s3 = createS3Client({
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      bucket: S3_BUCKET,
    });
    fixtures = await mkdtemp(path.join(os.tmpdir(), 'resumable-e2e-'));
  }, START_TIMEOUT_MS);

  afterEach(() => closeContexts(e2e), STOP_TIMEOUT_MS);

  afterAll(async () => {
    s3?.destroy();
    await e2e?.stop();
    if (fixtures) await rm(fixtures, { recursive: true, force: true });
  }, STOP_TIMEOUT_MS);

  /** With SCREENSHOTS set, the page at a phone's and a desktop's width, for a reviewer to look at. */
  async function screenshots(page: Page, name: string): Promise<void> {
    if (!process.env.SCREENSHOTS) return;
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: path.join(process.env.SCREENSHOTS, `${name}-${width}.png`) });
    }
    await page.setViewportSize({ width: 390, height: 844 });
  }

  const storageOrigin = () => new URL(e2e!.platform.env.S3_ENDPOINT).origin;

  /**
   * Opens the gallery with its service worker kept out: requests a service worker passes on are not seen by
   * the route interception these tests cut connections with.
   */
  async function openGallery(code: string): Promise<Page> {
    const context = await e2e!.browser.newContext({
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}/gallery/${code}`);
    await page.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
    return page;
  }

  async function photoCount(code: string): Promise<number> {
    const { event } = await graphqlAt<{ event: { photoCount: number } }>(
      e2e!.product.url,
      'query ($code: String!) { event(code: $code) { photoCount } }',
      { code },
    );
    return event.photoCount;
  }

  async function galleryPlan(code: string): Promise<string> {
    const { event } = await graphqlAt<{ event: { plan: string } }>(
      e2e!.product.url,
      'query ($code: String!) { event(code: $code) { plan } }',
      { code },
    );
    return event.plan;
  }

  /** The part numbers storage holds for a multipart upload. */
  async function partsInStorage(key: string, uploadId: string): Promise<number[]> {
    const listed = await s3!.send(new ListPartsCommand({ Bucket: S3_BUCKET, Key: key, UploadId: uploadId }));
    return (listed.Parts ?? []).map((part) => part.PartNumber!);
  }

  /** The list's summary once every file has ended. */
  const allUploaded = (page: Page, count: number) =>
    page
      .getByTestId('upload-summary')
      .filter({ hasText: `${count} ${count === 1 ? 'file' : 'files'} uploaded` })
      .waitFor({ timeout: 90_000 });

  it('goes offline in the middle of five photos, waits for the network, and sends all five once', async () => {
    const { code } = await createGalleryAt(e2e!.product.url);
    const page = await openGallery(code);
    const held: Route[] = [];
    await page.route(`${storageOrigin()}/**`, (route) => {
      if (route.request().method() === 'PUT') held.push(route);
      else void route.continue();
    });
    const photos = await Promise.all([1, 2, 3, 4, 5].map(photo));
    await page
      .getByTestId('photo-file-input')
      .setInputFiles(
        photos.map((buffer, index) => ({ name: `toast-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer })),
      );
    // Three PUTs are under way when the venue's network goes.
    await until('three PUTs in flight', async () => held.length === 3);
    await page.context().setOffline(true);
    for (const route of held.splice(0)) await route.abort('internetdisconnected');

    const offline = page.getByTestId('upload-offline');
    await until('the list to say it waits for the network', async () =>
      (await offline.textContent()) === en.upload.offline ? true : null,
    );
    await page.locator('[data-testid="upload-item"][data-status="paused"]').nth(2).waitFor();
    await expect(
      page.locator('[data-testid="upload-item"][data-status="paused"] .upload-state').first().textContent(),
    ).resolves.toBe(en.upload.paused);
    expect(await page.getByText('Uploading 61%').count()).toBe(0);
    await screenshots(page, 'uploads-offline');

    await page.unroute(`${storageOrigin()}/**`);
    await page.context().setOffline(false);
    await allUploaded(page, 5);
    await expect(page.getByTestId('upload-panel').getAttribute('data-ended')).resolves.toBe('true');
    // The finished list collapsed: no row pushes the photos down.
    expect(await page.getByTestId('upload-item').count()).toBe(0);
    await screenshots(page, 'uploads-done');
    await page.locator('img[data-photo-id]').nth(4).waitFor();
    expect(await photoCount(code)).toBe(5);
    expect(await page.locator('img[data-photo-id]').count()).toBe(5);
  }, 150_000);

  it('sends a hundred photos chosen at once three at a time, and every one arrives', async () => {
    const url = e2e!.product.url;
    const { code, ownerToken } = await createGalleryAt(url);
    // A Free gallery takes 50: the couple took Standard.
    const { startCheckout } = await graphqlAt<{ startCheckout: { id: string } }>(
      url,
      'mutation ($code: String!) { startCheckout(eventCode: $code, plan: STANDARD) { id } }',
      { code },
      ownerToken,
    );
    await graphqlAt(url, 'mutation ($id: ID!) { payDemoCheckout(id: $id) { status } }', {
      id: startCheckout.id,
    });
    await until('the gallery to be Standard', async () => (await galleryPlan(code)) === 'STANDARD');
    const page = await openGallery(code);
    const operations: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/graphql') {
        operations.push((request.postDataJSON() as { operationName?: string }).operationName ?? '');
      }
    });
    let inFlight = 0;
    let mostInFlight = 0;
    await page.route(`${storageOrigin()}/**`, async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      try {
        await route.continue();
        await route.request().response();
      } finally {
        inFlight -= 1;
      }
    });
    const small = (seed: number) =>
      sharp(
        randomBytes(64 * 48 * 3).map((byte) => (byte + seed) % 256),
        {
          raw: { width: 64, height: 48, channels: 3 },
        },
      )
        .jpeg()
        .toBuffer();
    const files = await Promise.all(Array.from({ length: 100 }, (_, index) => small(index)));
    await page
      .getByTestId('photo-file-input')
      .setInputFiles(
        files.map((buffer, index) => ({ name: `IMG_${1000 + index}.jpg`, mimeType: 'image/jpeg', buffer })),
      );
    // The panel lists the files on their way and the next in line (how many: uploadItems.spec.ts), not a hundred
    // rows; all of them on request.
    await page.getByTestId('upload-summary').filter({ hasText: 'of 100 uploaded' }).waitFor();
    expect(await page.getByTestId('upload-item').count()).toBeLessThan(100);
    await page.getByRole('button', { name: 'Show details' }).click();
    await until('every file listed', async () => (await page.getByTestId('upload-item').count()) === 100);
    await page.getByRole('button', { name: 'Hide details' }).click();
    await allUploaded(page, 100);
    expect(mostInFlight).toBeLessThanOrEqual(3);
    expect(await photoCount(code)).toBe(100);
    // About one request a photo: most slot requests go with the confirm before them; one goes alone for the first
    // files, and for files the page added (a few at a time, as it stores them) after that confirm was sent.
    const count = (name: string) => operations.filter((operation) => operation === name).length;
    expect(count('ConfirmPhotoUpload') + count('ConfirmAndRequestNext')).toBe(100);
    expect(count('RequestPhotoUploads')).toBeLessThan(count('ConfirmAndRequestNext'));
  }, 240_000);

  it('resumes an upload after a reload, from the part storage lacks', async () => {
    const { code } = await createGalleryAt(e2e!.product.url);
    const page = await openGallery(code);
    const sent: { partNumber: number; url: string }[] = [];
    const held: Route[] = [];
    let cutUrl: string | undefined;
    await page.route(`${storageOrigin()}/**`, async (route) => {
      const url = route.request().url();
      const part = partOf(url);
      if (part) sent.push({ partNumber: part.partNumber, url });
      // Part 2 from the first page gets no answer, however often that page tries it: the guest reloads the page
      // while it is on its way. Answered, the first page could finish the file before the reload takes over.
      if (part?.partNumber === 2 && (cutUrl === undefined || url === cutUrl)) {
        cutUrl = url;
        held.push(route);
        return;
      }
      await route.continue();
    });
    const file = await largePhoto();
    expect(file.length).toBeGreaterThan(MULTIPART_THRESHOLD_BYTES);
    const panorama = path.join(fixtures!, 'panorama.png');
    await writeFile(panorama, file);
    await page.getByTestId('photo-file-input').setInputFiles(panorama);
    await until('part 2 on its way', async () => held.length > 0);
    // The reloaded page's answer comes late, as on a loaded machine: the first page lives on meanwhile, for
    // longer than the queue's first pause before trying a part again (1 s, LOST_ANSWER_DELAYS_MS).
    await page.route(`${e2e!.product.url}/gallery/**`, async (route) => {
      if (route.request().isNavigationRequest()) await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await page.reload();
    for (const route of held) await route.abort('connectionreset').catch(() => undefined);

    // The reloaded page took the file up from its queue: it sends part 2 on a URL of its own. (Its row in the list
    // may come and go before a look for it: part 2 and the confirm take well under a second.)
    await until('the reloaded page to send part 2', async () =>
      sent.some(({ partNumber, url }) => partNumber === 2 && url !== cutUrl),
    ).catch(async (error: unknown) => {
      // Say whether the first page finished the file before the reload took over (a photo recorded) or the
      // reloaded page lost its queue.
      const parts = sent.map(({ partNumber, url }) => (url === cutUrl ? `${partNumber} cut` : partNumber));
      const seen = `parts sent ${JSON.stringify(parts)}, photos ${await photoCount(code)}`;
      throw new Error(`the reloaded page never resumed the file (${seen}): ${String(error)}`);
    });
    await allUploaded(page, 1);
    // Part 1 went once, from the first page; the reloaded page sent part 2 only, on a URL of its own, once.
    const sentOnce = sent.filter(({ url }) => url !== cutUrl).map(({ partNumber }) => partNumber);
    expect({ sentOnce, photos: await photoCount(code) }).toEqual({ sentOnce: [1, 2], photos: 1 });
    await page.locator('img[data-photo-id]').first().waitFor();
  }, 150_000);

  it('resumes a video cut off mid-way from its part, each part stored once', async () => {
    const url = e2e!.product.url;
    const { code, ownerToken } = await createGalleryAt(url);
    const { startCheckout } = await graphqlAt<{ startCheckout: { id: string } }>(
      url,
      'mutation ($code: String!) { startCheckout(eventCode: $code, plan: PREMIUM) { id } }',
      { code },
      ownerToken,
    );
    await graphqlAt(url, 'mutation ($id: ID!) { payDemoCheckout(id: $id) { status } }', {
      id: startCheckout.id,
    });
    await until('the gallery to be Premium', async () => (await galleryPlan(code)) === 'PREMIUM');
    // Noise at a high bitrate: a few seconds make a video of several parts.
    const file = path.join(fixtures!, 'speech.mp4');
    await promisify(execFile)(VideoFrames.locate().tools.ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'nullsrc=s=640x360:d=2:r=25,geq=random(1)*255:128:128'],
      ...['-c:v', 'mpeg4', '-q:v', '1', '-pix_fmt', 'yuv420p', file],
    ]);
    const video = await readFile(file);
    const partCount = Math.ceil(video.length / UPLOAD_PART_BYTES);
    expect(partCount).toBeGreaterThanOrEqual(3);

    const page = await openGallery(code);
    const stored = new Map<number, number>();
    const tried: number[] = [];
    let storedWhenCut: number[] | undefined;
    await page.route(`${storageOrigin()}/**`, async (route) => {
      const part = partOf(route.request().url());
      if (!part) return route.continue();
      tried.push(part.partNumber);
      if (part.partNumber === 2 && !storedWhenCut) {
        // The connection drops in the middle of part 2: storage has part 1 only.
        storedWhenCut = await partsInStorage(part.key, part.uploadId);
        return route.abort('connectionreset');
      }
      // The part goes on from the browser: its megabytes never pass through the test.
      await route.continue();
      const response = await route.request().response();
      if (response?.status() === 200) stored.set(part.partNumber, (stored.get(part.partNumber) ?? 0) + 1);
    });
    // Chosen from its path, as a guest picks a file: the browser reads it from disk, where a buffer would be
    // copied into the page.
    await page.getByTestId('photo-file-input').setInputFiles(file);
    await allUploaded(page, 1);

    expect(storedWhenCut).toEqual([1]);
    // Resumed from part 2: part 1 was never sent again, and storage took each part once.
    expect(tried.filter((number) => number === 1)).toHaveLength(1);
    expect(tried.filter((number) => number === 2)).toHaveLength(2);
    expect([...stored.entries()].sort((a, b) => a[0] - b[0])).toEqual(
      Array.from({ length: partCount }, (_, index) => [index + 1, 1]),
    );
    expect(await photoCount(code)).toBe(1);
    // The parts joined make the file as it was chosen: the couple's original (guests get a copy without tags).
    const id = await page.locator('[data-photo-id]').first().getAttribute('data-photo-id');
    const { photoOriginalUrl } = await graphqlAt<{ photoOriginalUrl: string }>(
      url,
      'query ($id: ID!) { photoOriginalUrl(id: $id) }',
      { id },
      ownerToken,
    );
    const original = await fetch(photoOriginalUrl);
    expect(Buffer.from(await original.arrayBuffer()).equals(video)).toBe(true);
  }, 180_000);

  /** Opens the gallery in a phone-like context and waits until the service worker controls the page. */
  async function openControlledGallery(code: string, options: { isMobile?: boolean } = {}): Promise<Page> {
    const context = await e2e!.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: options.isMobile,
      isMobile: options.isMobile,
    });
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}/gallery/${code}`);
    await page.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    return page;
  }

  it('installs as an app: a valid manifest with icons and a share target, its worker served fresh', async () => {
    const url = e2e!.product.url;
    const { code } = await createGalleryAt(url);
    const page = await openControlledGallery(code);
    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: unknown[];
      data: string;
    };
    expect(manifest.url).toBe(`${url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data) as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
      share_target: {
        action: string;
        method: string;
        enctype: string;
        params: { files: { name: string }[] };
      };
    };
    expect(parsed).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(parsed.share_target).toMatchObject({
      action: '/share-target',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: 'files' }] },
    });
    for (const icon of parsed.icons) {
      const response = await fetch(`${url}${icon.src}`);
      expect(response.headers.get('content-type')).toBe('image/png');
      const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    expect(parsed.icons.map((icon) => icon.purpose).sort()).toEqual(['any', 'any', 'maskable']);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // A test browser's contexts are incognito, which alone keeps Chromium from offering the install.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);

    const worker = await fetch(`${url}/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toContain('javascript');
    expect(worker.headers.get('content-security-policy')).toContain("default-src 'self'");
  }, 120_000);

  it('takes photos shared from the phone into the upload queue of the gallery last opened', async () => {
    const { code } = await createGalleryAt(e2e!.product.url);
    const page = await openControlledGallery(code, { isMobile: true });
    // On a phone, "Take a photo" opens the camera straight away.
    await page.getByRole('button', { name: en.upload.takePhoto }).waitFor();
    await expect(page.getByTestId('camera-input').getAttribute('capture')).resolves.toBe('environment');

    // The photo app shares a photo into the installed app: a POST of the share target, as the system sends it.
    const shared = await photo(7);
    await page.evaluate(
      ({ bytes, action }) => {
        const form = document.createElement('form');
        form.method = 'POST';
        form.enctype = 'multipart/form-data';
        form.action = action;
        const input = document.createElement('input');
        input.type = 'file';
        input.name = 'files';
        const files = new DataTransfer();
        files.items.add(new File([new Uint8Array(bytes)], 'from-photos.jpg', { type: 'image/jpeg' }));
        input.files = files.files;
        form.append(input);
        document.body.append(form);
        form.submit();
      },
      { bytes: [...shared], action: '/share-target' },
    );
    await page.waitForURL(`**/gallery/${code}`);
    await allUploaded(page, 1);
    await page.locator('img[data-photo-id]').first().waitFor();
    expect(await photoCount(code)).toBe(1);
  }, 120_000);

  it('opens a gallery without a network: the thumbnails it had and its queue, which goes on when back', async () => {
    const url = e2e!.product.url;
    const { code } = await createGalleryAt(url);
    await uploadGuestPhotos(url, code, 3);
    const page = await openControlledGallery(code);
    // The page that registered the worker loaded its thumbnails before the worker controlled it: once more.
    await page.reload();
    await page.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
    await until('three thumbnails kept by the service worker', () =>
      page.evaluate(async () =>
        (await (await caches.open('gallery-thumbnails-v1')).keys()).length === 3 ? true : null,
      ),
    );

    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId('offline-gallery').waitFor();
    await page.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
    await until('the three thumbnails drawn', () =>
      page.evaluate(() => {
        const drawn = [...document.querySelectorAll<HTMLImageElement>('img[data-photo-id]')].filter(
          (image) => image.complete && image.naturalWidth > 0,
        );
        return drawn.length === 3 ? true : null;
      }),
    );
    await expect(
      page.getByRole('status').filter({ hasText: en.gallery.offlineSnapshot }).count(),
    ).resolves.toBe(1);

    // A photo chosen offline waits in the queue, and goes once the network is back.
    await page
      .getByTestId('photo-file-input')
      .setInputFiles([{ name: 'offline.jpg', mimeType: 'image/jpeg', buffer: await photo(9) }]);
    await until('the list to say it waits for the network', async () =>
      (await page.getByTestId('upload-offline').textContent()) === en.upload.offline ? true : null,
    );
    await screenshots(page, 'gallery-offline');
    await page.context().setOffline(false);
    await allUploaded(page, 1);
    await until('the fourth photo in the gallery', async () =>
      (await photoCount(code)) === 4 ? true : null,
    );
  }, 150_000);
});
