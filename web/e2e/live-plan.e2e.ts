import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expiryDate, Subjects, type DomainEvent } from '@gallery/contracts';
import { EventBus } from '@gallery/platform';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, type BrowserTest } from './browser.js';
import { createGalleryAt } from './product-api.js';

// A payment reaches the events service as billing publishes it; a guest's open gallery shows the new plan
// and expiry without a reload (events -> plan.upgraded -> gateway -> eventUpdated -> the page).

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

  it('shows Premium and the new expiry on a guest screen without a reload once the payment is applied', async () => {
    const { code } = await createGalleryAt(e2e!.product.url, { plan: 'PREMIUM' });

    const page = await (await e2e!.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
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
    expect(expiryAfter).toContain(String(expiryDate('premium', paidAt).getUTCFullYear()));
    expect(reloaded).toBe(false);
  }, 90_000);
});
