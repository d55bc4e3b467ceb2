import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import pg from 'pg';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { DOMAIN_STREAM, Subjects } from '@gallery/contracts';
import { caughtMail } from '@gallery/local-servers';
import { durableName, EventBus } from '@gallery/platform';
import { seedGalleryPhotos } from '@gallery/testing';
// @ts-expect-error plain ESM module shared with `npm start`
import { SERVICE_DATABASES } from '../../infra/services.mjs';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, until, type BrowserTest } from './browser.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from './product-api.js';

// A Free gallery reaches its 50 photos at a party: guests' screens say it is full and to tell the couple (no
// Upload Photos that would fail, no "upgrade" a guest cannot act on), the couple's says where to lift the limit,
// and the couple is mailed once, however the count moves around the limit afterwards.

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const LIMIT = 50;
const GUEST_FULL_TEXT =
  'It holds 50 photos, all its plan takes, so no more can be added for now. You can still see and download every photo. Tell the couple: they can make room for more.';
const OWNER_FULL_TEXT =
  'Your gallery holds 50 photos, all the Free plan takes: guests cannot add more. Upgrade the plan to let them keep adding photos.';
/** events' durable for the gallery-full mail (GalleryFullMailConsumer). */
const FULL_MAIL_CONSUMER = durableName('events-gallery-full-mail', [Subjects.GalleryFull]);

describe('a Free gallery at its photo limit', () => {
  let e2e: BrowserTest | undefined;
  let bus: EventBus | undefined;
  let mediaDatabase: string;

  beforeAll(async () => {
    e2e = await startBrowserTest();
    bus = await EventBus.connect(e2e.platform.env.NATS_URL, 'e2e-gallery-full');
    const media = new URL(e2e.platform.env.DATABASE_URL);
    media.pathname = `/${(SERVICE_DATABASES as Record<string, string>).media}`;
    mediaDatabase = media.toString();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await bus?.close();
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function open(path: string, ownerToken?: string, viewport = PHONE): Promise<Page> {
    const context = await e2e!.browser.newContext({ viewport });
    if (ownerToken)
      await context.addInitScript((token) => localStorage.setItem('authToken', token), ownerToken);
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}${path}`);
    return page;
  }

  const fullMails = async (email: string, code: string) =>
    (await caughtMail(e2e!.product.mail!.webUrl)).filter(
      (message) =>
        message.to.some((to) => to.address === email) && message.subject === `Your gallery ${code} is full`,
    );

  /** Once media published every limit-reached news it recorded and events' mail consumer handled all of it. */
  async function fullNewsHandled(): Promise<void> {
    const db = new pg.Client({ connectionString: mediaDatabase });
    await db.connect();
    try {
      await until('media to publish its limit-reached news', async () => {
        const { rows } = await db.query<{ count: number }>(
          "SELECT count(*)::int AS count FROM outbox_events WHERE subject = 'photo.limit-reached'",
        );
        return rows[0].count === 0;
      });
    } finally {
      await db.end();
    }
    const jsm = await jetstreamManager(bus!.nc);
    await until('the gallery-full mail consumer to catch up', async () => {
      const info = await jsm.consumers.info(DOMAIN_STREAM, FULL_MAIL_CONSUMER);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
  }

  it('tells guests it is full, the couple where to upgrade, and mails the couple once', async () => {
    const url = e2e!.product.url;
    const email = `full-${randomUUID()}@example.com`;
    const { code, sessionToken } = await createGalleryAt(url, { email });
    await graphqlAt(
      url,
      `mutation ($code: String!, $challenges: [ChallengePromptInput!]!) {
        setChallenges(eventCode: $code, challenges: $challenges) { id }
      }`,
      { code, challenges: [{ prompt: 'The first dance' }] },
      sessionToken,
    );
    await uploadGuestPhotos(url, code, 1);
    await seedGalleryPhotos(mediaDatabase, code, LIMIT - 2);

    // Two guests at 49 photos: one adds the 50th through the page, the other watches.
    const adding = await open(`/gallery/${code}`);
    const watching = await open(`/gallery/${code}`);
    for (const page of [adding, watching]) {
      await page.getByTestId('photo-count').getByText('49 photos').waitFor({ timeout: 45_000 });
      await page.getByRole('button', { name: 'Upload Photos' }).waitFor();
      await page.getByRole('button', { name: 'Show the challenges' }).click();
      await page.getByRole('button', { name: 'Upload for this challenge: The first dance' }).waitFor();
      expect(await page.getByTestId('gallery-full').count()).toBe(0);
    }
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#9c6' } })
      .jpeg()
      .toBuffer();
    await adding
      .getByTestId('photo-file-input')
      .setInputFiles([{ name: 'IMG_50.jpg', mimeType: 'image/jpeg', buffer: photo }]);

    const fresh = await open(`/gallery/${code}`);
    for (const page of [adding, watching, fresh]) {
      const notice = page.getByTestId('gallery-full');
      await notice.waitFor({ timeout: 45_000 });
      expect(await notice.getByRole('heading').textContent()).toBe('This gallery is full');
      expect(await notice.locator('p').textContent()).toBe(GUEST_FULL_TEXT);
      expect(await page.getByRole('button', { name: 'Upload Photos' }).count()).toBe(0);
      expect(await page.getByTestId('photo-file-input').count()).toBe(0);
      // Nor a challenge card's upload, nor the picker of which challenge the next upload answers.
      expect(await page.getByTestId('challenge-file-input').count()).toBe(0);
      expect(await page.locator('.challenge-card button').count()).toBe(0);
      expect(await page.locator('.upload-challenge').count()).toBe(0);
      expect((await page.locator('body').innerText()).toLowerCase()).not.toContain('upgrade');
    }

    // The same state in French and Spanish, on a phone and a desktop, inside the page.
    for (const [language, title] of [
      ['en', 'This gallery is full'],
      ['fr', 'Cette galerie est pleine'],
      ['es', 'Esta galería está llena'],
    ] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        const page = await open(
          `${language === 'en' ? '' : `/${language}`}/gallery/${code}`,
          undefined,
          viewport,
        );
        const notice = page.getByTestId('gallery-full');
        await notice.getByRole('heading', { name: title }).waitFor({ timeout: 45_000 });
        expect(await page.getByTestId('photo-file-input').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
        if (process.env.SCREENSHOTS) {
          await page.screenshot({
            path: `${process.env.SCREENSHOTS}/gallery-full-${language}-${viewport.width}.png`,
          });
        }
        await page.context().close();
      }
    }

    // The couple reads why and where to lift the limit.
    const couple = await open(`/gallery/${code}`, sessionToken);
    const ownerNotice = couple.getByTestId('gallery-full');
    await ownerNotice.waitFor({ timeout: 45_000 });
    expect(await ownerNotice.locator('p').textContent()).toBe(OWNER_FULL_TEXT);
    expect(await ownerNotice.getByRole('link', { name: 'Upgrade the plan' }).getAttribute('href')).toBe(
      `/upgrade/${code}`,
    );

    const [mail] = await until('the gallery-full mail', async () => {
      const found = await fullMails(email, code);
      return found.length > 0 ? found : null;
    });
    expect(mail.text).toContain(`Your gallery ${code} now holds 50 photos, all the Free plan takes.`);
    expect(mail.text).toContain(`Upgrade: ${url}/upgrade/${code}`);

    // The couple removes a photo and a guest fills the gallery again: no second mail.
    const { event } = await graphqlAt<{ event: { photos: { nodes: { id: string }[] } } }>(
      url,
      'query ($code: String!) { event(code: $code) { photos(first: 1) { nodes { id } } } }',
      { code },
      sessionToken,
    );
    await graphqlAt(
      url,
      'mutation ($id: ID!) { removePhoto(id: $id) }',
      { id: event.photos.nodes[0].id },
      sessionToken,
    );
    await uploadGuestPhotos(url, code, 1);
    await fullNewsHandled();
    expect(await fullMails(email, code)).toHaveLength(1);
  }, 240_000);
});
