import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { PLANS } from '@gallery/contracts';
import { caughtMail } from '@gallery/local-servers';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, until, type BrowserTest } from './browser.js';

// A Standard order whose checkout is left: no Free gallery on the couple's dashboard; the same checkout opened
// on a phone (the payment page's QR code) and its receipt read as the new gallery's one purchase.

describe('an abandoned Standard checkout', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  it('leaves no Free gallery on the dashboard, and the phone and the receipt say "New gallery"', async () => {
    const email = `abandoned-${randomUUID()}@example.com`;
    const couple = await e2e!.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await couple.newPage();
    await page.goto(`${e2e!.product.url}/order?plan=standard`);
    await page.getByLabel('Couple Names').fill('Emma & Noah');
    await page.getByLabel('Wedding Date').fill('2027-06-12');
    await page.getByLabel('Event Location').fill('Lyon, France');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Phone Number').fill('+33 6 12 34 56 78');
    await page.getByRole('button', { name: 'Create Gallery' }).click();
    await page.waitForURL(/\/payment\?checkout=/);
    await expect(page.getByTestId('checkout-plan').textContent()).resolves.toBe('New gallery');
    const checkout = new URL(page.url()).searchParams.get('checkout')!;
    const code = (await page.getByTestId('checkout-gallery').textContent())!.trim();

    // The couple leaves the payment for their dashboard: the unpaid order is no gallery of theirs yet.
    await page.goto(`${e2e!.product.url}/dashboard`);
    await page.getByText(`Signed in as ${email}`).waitFor();
    await page.getByText('You have no gallery yet.').waitFor();
    expect(await page.locator('.owner-gallery').count()).toBe(0);

    // The payment page's QR code on a phone, a browser that never saw the order: still the order's purchase.
    const phone = await e2e!.browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const mobile = await phone.newPage();
    await mobile.goto(`${e2e!.product.url}/mobile-checkout?checkout=${checkout}`);
    await mobile.getByRole('heading', { name: 'Pay for your gallery' }).waitFor();
    await expect(mobile.getByTestId('checkout-plan').textContent()).resolves.toBe('New gallery');
    expect(await mobile.getByText(/Free to/).count()).toBe(0);
    await mobile.getByRole('button', { name: `Pay $${PLANS.standard.priceUsd}` }).click();
    await mobile.waitForURL(/\/demo-checkout\?checkout=/);
    await expect(mobile.getByTestId('checkout-plan').textContent()).resolves.toBe('New gallery');
    await mobile.getByRole('button', { name: `Pay $${PLANS.standard.priceUsd}` }).click();

    const receipt = await until('the receipt', async () =>
      (await caughtMail(e2e!.product.mail!.webUrl)).find(
        (message) =>
          message.to.some((to) => to.address === email) && message.subject.startsWith('Payment receipt'),
      ),
    );
    expect(receipt.subject).toBe(`Payment receipt: Standard plan for gallery ${code}`);
    expect(receipt.text).toContain('Plan: Standard (new gallery)');
    expect(receipt.text).not.toContain('Free');

    // Paid: the gallery is the couple's, on Standard.
    await until('the paid gallery on the dashboard', async () => {
      await page.reload();
      await page.getByText(`Signed in as ${email}`).waitFor();
      return (await page.locator(`.owner-gallery[data-code="${code}"]`).count()) === 1;
    });
    await expect(page.locator(`.owner-gallery[data-code="${code}"]`).textContent()).resolves.toContain(
      'Standard',
    );
    await phone.close();
    await couple.close();
  }, 120_000);
});
