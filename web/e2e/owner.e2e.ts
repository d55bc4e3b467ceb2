import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { type BrowserContext, type Page } from 'playwright-core';
import { caughtMail } from '@gallery/local-servers';
import { createS3Client } from '@gallery/platform';
import { databaseMentions } from '@gallery/testing';
// @ts-expect-error plain ESM module shared with `npm start`
import { S3_BUCKET, SERVICE_DATABASES } from '../../infra/services.mjs';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, until, type BrowserTest } from './browser.js';
import { uploadGuestPhotos } from './product-api.js';

// The couple's side in Chromium: order, dashboard, another gallery, photo removal seen live by a guest,
// analytics, sign-in by the mailed link on a fresh browser, a stranger refused, and a deleted gallery purged
// from every service's database and from storage.

describe("the couple's side in the browser", () => {
  let e2e: BrowserTest | undefined;
  const email = `couple-${randomUUID()}@example.com`;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}${path}`);
    return page;
  }

  async function dashboardCodes(page: Page): Promise<string[]> {
    return page
      .locator('.owner-gallery')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-code')!));
  }

  let first = '';
  let second = '';
  let photoIds: string[] = [];
  let couple: BrowserContext;

  it('orders a gallery, sees it on /dashboard and creates a second one from /create-event', async () => {
    couple = await e2e!.browser.newContext();
    const order = await open(couple, '/order');
    await order.getByLabel('Couple Names').fill('Sarah & Mike');
    await order.getByLabel('Wedding Date').fill('2027-06-12');
    await order.getByLabel('Event Location').fill('Lyon, France');
    await order.getByLabel('Email Address').fill(email);
    await order.getByLabel('Phone Number').fill('+33 6 12 34 56 78');
    await order.getByRole('button', { name: 'Create Gallery' }).click();
    first = (await order.getByTestId('gallery-code').textContent({ timeout: 60_000 }))!.trim();

    const dashboard = await open(couple, '/dashboard');
    await dashboard.locator(`.owner-gallery[data-code="${first}"]`).waitFor();
    await dashboard.getByText(`Signed in as ${email}`).waitFor();
    await dashboard.getByRole('link', { name: 'Create another gallery' }).click();

    await dashboard.getByLabel('Couple Names').fill('Anna & Ben');
    await dashboard.getByLabel('Wedding Date').fill('2027-09-01');
    await dashboard.getByLabel('Event Location').fill('Nice, France');
    await dashboard.getByRole('button', { name: 'Create the gallery' }).click();
    await dashboard.waitForURL(/\/event\/[A-Z0-9]{8}$/);
    second = dashboard.url().split('/').at(-1)!;
    expect(second).not.toBe(first);
    await dashboard.getByRole('heading', { name: 'Anna & Ben' }).waitFor();

    await dashboard.goto(`${e2e!.product.url}/dashboard`);
    await dashboard.locator(`.owner-gallery[data-code="${second}"]`).waitFor();
    expect((await dashboardCodes(dashboard)).sort()).toEqual([first, second].sort());
  }, 120_000);

  it("removes a photo from the event page while a guest's screen is open, and the guest sees it go", async () => {
    photoIds = await uploadGuestPhotos(e2e!.product.url, second, 2);
    const guest = await open(await e2e!.browser.newContext(), `/gallery/${second}`);
    await guest.locator(`img[data-photo-id="${photoIds[1]}"]`).waitFor();
    await guest.locator(`img[data-photo-id="${photoIds[0]}"]`).waitFor();
    expect((await guest.getByTestId('photo-count').textContent())!).toContain('2');

    const event = await open(couple, `/event/${second}`);
    const item = event.locator(`#photos li:has(img[data-photo-id="${photoIds[0]}"])`);
    await item.getByRole('button', { name: 'Remove photo' }).click();
    await item.waitFor({ state: 'detached' });

    await guest.locator(`img[data-photo-id="${photoIds[0]}"]`).waitFor({ state: 'detached' });
    await guest.waitForFunction(() =>
      document.querySelector('[data-testid="photo-count"]')?.textContent?.includes('1'),
    );
    await guest.locator(`img[data-photo-id="${photoIds[1]}"]`).waitFor();
  }, 120_000);

  it('draws both galleries on /analytics-dashboard', async () => {
    const page = await open(couple, '/analytics-dashboard');
    await page.locator(`.gallery-analytics[data-code="${first}"] .analytics-totals`).waitFor();
    // The guest's visit of the second gallery is a view: its chart is drawn.
    await page.locator(`.gallery-analytics[data-code="${second}"] .recharts-wrapper`).first().waitFor();
  }, 60_000);

  it('signs in on a fresh browser through the mailed link and shows both galleries; a stranger sees neither', async () => {
    const fresh = await e2e!.browser.newContext();
    const page = await open(fresh, '/dashboard');
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await page.getByText('Check your email').waitFor();
    const mail = await until('the sign-in mail', async () =>
      (await caughtMail(e2e!.product.mail!.webUrl)).find(
        (message) => message.to.some((to) => to.address === email) && message.subject.includes('sign-in'),
      ),
    );
    const token = /signIn=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1];
    await page.goto(`${e2e!.product.url}/dashboard?signIn=${token}`);
    await page.locator(`.owner-gallery[data-code="${second}"]`).waitFor();
    expect((await dashboardCodes(page)).sort()).toEqual([first, second].sort());
    await page.getByRole('link', { name: 'My galleries' }).waitFor();

    const stranger = await e2e!.browser.newContext();
    const strangerPage = await open(stranger, '/dashboard');
    await strangerPage.getByRole('button', { name: 'Send me a sign-in link' }).waitFor();
    expect(await strangerPage.locator('.owner-gallery').count()).toBe(0);
    await strangerPage.goto(`${e2e!.product.url}/event/${first}`);
    await strangerPage.getByText('Only the couple who ordered this gallery can manage it').waitFor();
    expect(await strangerPage.getByRole('button', { name: 'Delete the gallery' }).count()).toBe(0);
  }, 120_000);

  it('deletes a gallery and leaves nothing of it in any database or in storage', async () => {
    const page = await open(couple, `/event/${second}`);
    await page.getByRole('button', { name: 'Delete the gallery' }).click();
    await page.getByRole('button', { name: 'Yes, delete it for good' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.locator(`.owner-gallery[data-code="${first}"]`).waitFor();
    expect(await dashboardCodes(page)).toEqual([first]);

    // Every column of every service's database, so that a table added later is held to it too.
    for (const database of Object.values(SERVICE_DATABASES as Record<string, string>)) {
      const url = new URL(e2e!.platform.env.DATABASE_URL);
      url.pathname = `/${database}`;
      let left: string[] = [];
      await until(`nothing of ${second} in ${database}`, async () => {
        left = await databaseMentions(url.toString(), second);
        return left.length === 0;
      }).catch((error: Error) => {
        throw new Error(`${error.message}; still in ${left.join(', ')}`);
      });
    }

    const s3 = createS3Client({
      endpoint: e2e!.platform.env.S3_ENDPOINT,
      region: e2e!.platform.env.S3_REGION,
      accessKeyId: e2e!.platform.env.S3_ACCESS_KEY_ID,
      secretAccessKey: e2e!.platform.env.S3_SECRET_ACCESS_KEY,
      bucket: S3_BUCKET,
    });
    try {
      for (const id of photoIds) {
        await until(`no object of photo ${id}`, async () => {
          const listing = await s3.send(
            new ListObjectsV2Command({ Bucket: S3_BUCKET, Prefix: `photos/${id}/` }),
          );
          return (listing.Contents ?? []).length === 0;
        });
      }
    } finally {
      s3.destroy();
    }
  }, 180_000);
});
