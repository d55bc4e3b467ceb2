import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expiryDate, Subjects, type DomainEvent } from '@gallery/contracts';
import { EventBus } from '@gallery/platform';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, type BrowserTest } from './browser.js';
import { createGalleryAt } from './product-api.js';

// A payment reaches the events service as billing publishes it; the couple's open gallery shows the new plan
// and until when photos are kept without a reload (events -> plan.upgraded -> gateway -> eventUpdated -> the
// page). Guests see neither.

describe('a plan change on an open gallery', () => {
  let e2e: BrowserTest | undefined;
  let bus: EventBus | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
    bus = await EventBus.connect(e2e.platform.env.NATS_URL, 'e2e-billing');
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await bus?.close();
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  it("shows Premium and the new expiry on the couple's open gallery without a reload once the payment is applied", async () => {
    const { code, ownerToken } = await createGalleryAt(e2e!.product.url, { plan: 'PREMIUM' });

    const context = await e2e!.browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((token) => localStorage.setItem('authToken', token), ownerToken);
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}/gallery/${code}`);
    await page.getByTestId('gallery-plan').getByText('Free plan').waitFor({ timeout: 45_000 });
    const expiryBefore = await page.getByTestId('gallery-expiry').textContent();
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });

    const paidAt = new Date();
    const payment: DomainEvent<typeof Subjects.PaymentSucceeded> = {
      id: randomUUID(),
      type: Subjects.PaymentSucceeded,
      occurredAt: paidAt.toISOString(),
      data: {
        paymentId: randomUUID(),
        eventCode: code,
        fromPlan: 'free',
        plan: 'premium',
        amountCents: 9900,
        currency: 'usd',
        paidAt: paidAt.toISOString(),
      },
    };
    await bus!.publish(payment);

    await page.getByTestId('gallery-plan').getByText('Premium plan').waitFor({ timeout: 20_000 });
    const expiryAfter = await page.getByTestId('gallery-expiry').textContent();
    expect(expiryAfter).not.toBe(expiryBefore);
    // Counted from the wedding day (June 12th, 2027), not from the payment.
    expect(expiryAfter).toBe('Photos kept until Jun 11, 2028');
    expect(expiryDate('premium', '2027-06-12', paidAt).toISOString()).toBe('2028-06-12T00:00:00.000Z');
    expect(reloaded).toBe(false);
  }, 90_000);
});
