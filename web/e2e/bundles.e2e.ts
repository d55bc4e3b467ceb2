import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type BrowserContext, type Page } from 'playwright-core';
import { findBundle } from '@gallery/contracts';
import { createGalleryAt } from './product-api.js';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  seriousViolations,
  startBrowserTest,
  until,
  type BrowserTest,
} from './browser.js';

// Event bundles the way npm start runs them (no Stripe keys: the demo checkout drives the real signed webhook):
// a couple buys 3 Standard events, makes two galleries from them, and one credit is left.

describe('event bundles in the browser', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  /** A browser signed in as the owner of a free gallery ordered with `email`. */
  async function signedInCouple(email: string): Promise<BrowserContext> {
    const { sessionToken } = await createGalleryAt(e2e!.product.url, { email });
    const context = await e2e!.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((token) => localStorage.setItem('authToken', token), sessionToken);
    return context;
  }

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}${path}`);
    return page;
  }

  /** /create-event with Standard, then "Use a credit": the new gallery's page, on Standard. */
  async function createWithCredit(page: Page, names: string): Promise<void> {
    await page.goto(`${e2e!.product.url}/create-event`);
    await page.getByLabel('Couple Names').fill(names);
    await page.getByLabel('Wedding Date').fill('2027-06-12');
    await page.getByLabel('Event Location').fill('Lyon, France');
    await page.getByRole('radio', { name: 'Standard' }).check();
    await page.getByRole('button', { name: 'Create the gallery' }).click();
    await page.getByRole('heading', { name: 'Use one of your credits?' }).waitFor();
    await page.getByRole('button', { name: 'Use a credit' }).click();
    await page.waitForURL(/\/event\/[A-Z0-9]{8}$/);
  }

  /** The order form with Standard and the couple's own email, then "Use a credit": the order's success panel. */
  async function orderWithCredit(page: Page, names: string, email: string): Promise<void> {
    await page.goto(`${e2e!.product.url}/order?plan=standard`);
    await page.getByLabel('Couple Names').fill(names);
    await page.getByLabel('Wedding Date').fill('2027-06-12');
    await page.getByLabel('Event Location').fill('Lyon, France');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Phone Number').fill('+33 6 12 34 56 78');
    await page.getByRole('button', { name: 'Create Gallery' }).click();
    await page.getByRole('heading', { name: 'Use one of your credits?' }).waitFor();
    await page.getByRole('button', { name: 'Use a credit' }).click();
    await page.getByTestId('order-success').waitFor();
  }

  it('buys a 3-event bundle in the demo checkout, makes two galleries from it, and one credit is left', async () => {
    const couple = await signedInCouple('planner@example.com');
    const page = await open(couple, '/pricing');
    const bundle = findBundle('standard-3')!;
    await page.getByRole('heading', { name: 'Event bundles' }).waitFor();
    await page.getByRole('button', { name: 'Buy 3 Standard events for $122.50' }).click();

    await page.waitForURL(/\/dashboard\?bundleCheckout=/);
    await page.getByText('3 Standard events: $122.50').waitFor();
    await page.getByRole('button', { name: 'Pay $122.50' }).click();
    await page.getByText('Payment received: your credits are below.').waitFor();
    await until(
      'three credits on the dashboard',
      async () => (await page.getByTestId('credits-left').textContent()) === '3 Standard credits left',
    );
    expect(bundle.priceCents).toBe(12250);

    await createWithCredit(page, 'Emma & Noah');
    await orderWithCredit(page, 'Lea & Hugo', 'planner@example.com');

    await page.goto(`${e2e!.product.url}/dashboard`);
    await until(
      'one credit left on the dashboard',
      async () => (await page.getByTestId('credits-left').textContent()) === '1 Standard credit left',
    );
    const used = page.locator('.bundle-credit-redeemed');
    await expect(used.count()).resolves.toBe(2);
    // A phone's pace (the CPU 8 times slower): the galleries' query answers well after each reload's load event.
    const cdp = await couple.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await until('both new galleries on Standard', async () => {
      await page.reload();
      // The reload's load event comes before the galleries' query answers: read the cards once they are drawn.
      await page.locator('.owner-gallery').first().waitFor();
      const plans = await page.locator('.owner-gallery').allTextContents();
      return (
        plans.filter((text) => /Emma & Noah|Lea & Hugo/.test(text) && text.includes('Standard')).length === 2
      );
    });
    expect(await seriousViolations(page)).toEqual([]);
    await couple.close();
  });

  it('shows the bundles on the pricing page in English, French and Spanish', async () => {
    const visitor = await e2e!.browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await visitor.newPage();
    for (const [path, title, card, signIn] of [
      ['/pricing', 'Event bundles', '10 Premium events', 'Sign in to buy'],
      ['/fr/tarifs', "Lots d'événements", '10 événements Premium', 'Connectez-vous pour acheter'],
      ['/es/precios', 'Paquetes de eventos', '10 eventos Premium', 'Inicia sesión para comprar'],
    ]) {
      await page.goto(`${e2e!.product.url}${path}`);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByText(card, { exact: true }).waitFor();
      await expect(page.getByRole('link', { name: signIn }).count()).resolves.toBe(6);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await visitor.close();
  });
});
