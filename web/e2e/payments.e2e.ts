import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type BrowserContext, type Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { en, PLANS } from '@gallery/contracts';
import { caughtMail } from '@gallery/local-servers';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, until, type BrowserTest } from './browser.js';

// The paid path the way npm start runs it (no Stripe keys: the demo checkout stands in for Stripe's page and
// drives the real webhook path): a paid order, and an upgrade seen live by a guest.

/** The wait for a payment to go through the webhook, the events service and back to the screen. */
const PAYMENT_APPLIED_MS = 30_000;

interface AnalyticsCall {
  name: string;
  params: Record<string, unknown>;
}

/** Stands in for the page's analytics function and keeps what the page sent, for the test to read. */
function recordAnalytics(): void {
  const page = window as unknown as {
    analyticsCalls: AnalyticsCall[];
    gtag: (command: string, name: string, params: Record<string, unknown>) => void;
  };
  page.analyticsCalls = [];
  page.gtag = (_command, name, params) => page.analyticsCalls.push({ name, params });
}

function analyticsCalls(page: Page): Promise<AnalyticsCall[]> {
  return page.evaluate(() => (window as unknown as { analyticsCalls: AnalyticsCall[] }).analyticsCalls);
}

describe('paying for a plan in the browser', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function newVisitor(): Promise<BrowserContext> {
    const context = await e2e!.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(recordAnalytics);
    return context;
  }

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}${path}`);
    return page;
  }

  async function fillOrder(page: Page, names: string, email = 'couple@example.com'): Promise<void> {
    await page.getByLabel('Couple Names').fill(names);
    await page.getByLabel('Wedding Date').fill('2027-06-12');
    await page.getByLabel('Event Location').fill('Lyon, France');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Phone Number').fill('+33 6 12 34 56 78');
  }

  /** From the payment page through the demo checkout's Pay button. */
  async function payOnDemoCheckout(page: Page, priceUsd: number, bought = 'New gallery'): Promise<void> {
    await page.waitForURL(/\/payment\?checkout=/);
    await expect(page.getByTestId('checkout-price').textContent()).resolves.toBe(`$${priceUsd}`);
    // A new gallery's order is one purchase, not a move from Free; an upgrade says from which plan.
    await expect(page.getByTestId('checkout-plan').textContent()).resolves.toBe(bought);
    expect(await page.getByRole('heading', { name: /Redirecting/ }).count()).toBe(0);
    await page.getByTestId('payment-qr').waitFor();
    await page.getByRole('button', { name: 'Pay on this device' }).click();
    await page.waitForURL(/\/demo-checkout\?checkout=/);
    await page.getByRole('button', { name: `Pay $${priceUsd}` }).click();
  }

  it('takes a Standard order through the demo checkout to its gallery, on Standard', async () => {
    const couple = await newVisitor();
    const page = await open(couple, '/order?plan=standard');
    const email = `standard-${randomUUID()}@example.com`;
    await fillOrder(page, 'Sarah & Mike', email);
    await expect(page.getByRole('radio', { name: /Standard/ }).isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Create Gallery' }).click();

    await payOnDemoCheckout(page, PLANS.standard.priceUsd);
    // The success page waits for the plan change, not for the redirect.
    await page.waitForURL(/\/payment-success\?checkout=/, { timeout: PAYMENT_APPLIED_MS });
    await expect(page.getByTestId('paid-plan').textContent()).resolves.toContain('Standard');
    const code = (await page.getByTestId('gallery-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    await expect(page.getByTestId('gallery-link').textContent()).resolves.toContain(`/gallery/${code}`);
    await page.getByTestId('gallery-qr').waitFor();

    // One order, one confirmation (sent once paid, never a "pending" one before), beside billing's receipt.
    const toCouple = () =>
      caughtMail(e2e!.product.mail!.webUrl).then((messages) =>
        messages.filter((message) => message.to.some((to) => to.address === email)),
      );
    const mails = await until('the confirmation and the receipt', async () => {
      const caught = await toCouple();
      return caught.length >= 2 ? caught : null;
    });
    expect(mails.map((message) => message.subject).sort()).toEqual([
      `Payment receipt: Standard plan for gallery ${code}`,
      `Your wedding gallery ${code} is ready`,
    ]);
    expect(mails.some((message) => (message.text ?? '').includes('pending'))).toBe(false);

    const calls = await analyticsCalls(page);
    expect(calls).toContainEqual({ name: 'package_upgrade', params: { from: 'free', to: 'standard' } });
    expect(calls).toContainEqual({
      name: 'payment_success',
      params: { value: PLANS.standard.priceUsd, currency: 'USD' },
    });

    const guest = await open(await newVisitor(), `/gallery/${code}`);
    await guest.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
    // The plan is the couple's business: guests do not see it.
    expect(await guest.getByTestId('gallery-plan').count()).toBe(0);
  }, 120_000);

  it('upgrades a free gallery to Premium while a guest watches, and the guest sees Premium without a reload', async () => {
    const couple = await newVisitor();
    const order = await open(couple, '/order');
    await fillOrder(order, 'Ana & Luis');
    await order.getByRole('button', { name: 'Create Gallery' }).click();
    const code = (await order.getByTestId('gallery-code').textContent({ timeout: 60_000 }))!.trim();

    const guestContext = await newVisitor();
    const guest = await open(guestContext, `/gallery/${code}`);
    await guest.getByRole('heading', { name: 'Ana & Luis' }).waitFor();
    await expect(guest.getByTestId('photo-file-input').getAttribute('accept')).resolves.not.toContain(
      'video/',
    );
    await guest.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    // Anyone may see the plans; only the owner may buy one.
    const visitorUpgrade = await open(guestContext, `/upgrade/${code}`);
    await visitorUpgrade.getByTestId('upgrade-owner-only').waitFor();
    await expect(
      visitorUpgrade.getByRole('button', { name: 'Upgrade to Premium' }).isDisabled(),
    ).resolves.toBe(true);
    await visitorUpgrade.close();

    const upgrade = await open(couple, `/upgrade/${code}`);
    await expect(upgrade.getByTestId('upgrade-current-plan').textContent()).resolves.toBe(
      'Current plan: Free',
    );
    await expect(upgrade.getByTestId('upgrade-photo-count').textContent()).resolves.toBe('0 photos');
    await expect(upgrade.getByTestId('upgrade-expiry').textContent()).resolves.toMatch(
      /^Photos kept until [A-Z][a-z]{2} \d{2}, \d{4}$/,
    );
    await expect(upgrade.getByRole('article', { name: 'Premium' }).textContent()).resolves.toContain(
      `$${PLANS.premium.priceUsd}`,
    );

    // Cancelled on the checkout page: back to the plans, nothing charged, still Free.
    await upgrade.getByRole('button', { name: 'Upgrade to Standard' }).click();
    await upgrade.waitForURL(/\/payment\?checkout=/);
    await upgrade.getByRole('button', { name: 'Pay on this device' }).click();
    await upgrade.getByRole('button', { name: 'Cancel' }).click();
    await upgrade.waitForURL(new RegExp(`/upgrade/${code}\\?cancelled=`));
    await upgrade.getByTestId('upgrade-cancelled').waitFor();
    await expect(upgrade.getByTestId('upgrade-current-plan').textContent()).resolves.toBe(
      'Current plan: Free',
    );

    await upgrade.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await payOnDemoCheckout(upgrade, PLANS.premium.priceUsd, 'Free to Premium');
    await upgrade.waitForURL(/\/upgrade-success\?checkout=/, { timeout: PAYMENT_APPLIED_MS });
    await upgrade.getByRole('heading', { name: 'Successfully upgraded' }).waitFor();
    await expect(upgrade.getByTestId('upgraded-plan').textContent()).resolves.toContain('Premium');
    await expect(upgrade.getByTestId('upgraded-expiry').textContent()).resolves.toMatch(
      /^Photos kept until [A-Z][a-z]{2} \d{2}, \d{4}$/,
    );

    // The guest's screen, never reloaded, follows the new plan: it takes videos now.
    await guest.waitForFunction(() =>
      document.querySelector('[data-testid="photo-file-input"]')?.getAttribute('accept')?.includes('video/'),
    );
    await expect(
      guest.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).resolves.toBe(true);
  }, 120_000);

  it('says so for a payment link that names no checkout', async () => {
    const page = await open(await newVisitor(), '/payment-verification?checkout=no-such-checkout');
    await page.getByRole('heading', { name: 'This payment link is not valid.' }).waitFor();
    const missing = await open(await newVisitor(), '/upgrade/ACDEFGHJ');
    await missing.getByRole('heading', { name: en.errors.GALLERY_NOT_FOUND }).waitFor();
  }, 30_000);
});
