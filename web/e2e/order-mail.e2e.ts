import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { caughtMail } from '@gallery/local-servers';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, until, type BrowserTest } from './browser.js';

// A couple orders on a phone: the success page writes the gallery link without breaking its code, and the order
// confirmation carries the gallery's QR code as an attachment shown by its content id (cid:), which Gmail shows,
// never as a data: URI in the HTML, which it does not. The raw message is read as the mail server received it: the
// catcher's own inbox shows attachments inline as data: URIs of its making.

const PHONE = { width: 360, height: 780 };

/** A quoted-printable body as written: soft line breaks joined, `=3D` back to `=`. */
const unfolded = (source: string) => source.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('the order confirmation', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  it('shows the whole code in the link on a phone and mails the QR code as a cid: attachment', async () => {
    const email = `order-${randomUUID()}@example.com`;
    const page = await (await e2e!.browser.newContext({ viewport: PHONE })).newPage();
    await page.goto(`${e2e!.product.url}/order`);
    await page.getByLabel('Couple Names').fill('Sarah & Mike');
    await page.getByLabel('Wedding Date').fill('2027-06-12');
    await page.getByLabel('Event Location').fill('Lyon, France');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Phone Number').fill('+33 6 12 34 56 78');
    await page.getByRole('button', { name: 'Create Gallery' }).click();
    const code = (await page.getByTestId('gallery-code').textContent({ timeout: 60_000 }))!.trim();

    const link = page.getByTestId('gallery-link');
    expect(await link.textContent()).toBe(`${e2e!.product.url}/gallery/${code}`);
    expect(await link.locator('.url-text-last').textContent()).toBe(code);
    expect(await link.locator('.url-text-last').evaluate((element) => element.getClientRects().length)).toBe(
      1,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    if (process.env.SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/order-success-en-360.png`, fullPage: true });
    }

    const mail = await until('the order confirmation', async () =>
      (await caughtMail(e2e!.product.mail!.webUrl)).find((message) =>
        message.to.some((to) => to.address === email),
      ),
    );
    const response = await fetch(`${e2e!.product.mail!.webUrl}/api/email/${mail.id}/source`);
    expect(response.status).toBe(200);
    const source = unfolded(await response.text());
    expect(source).toContain('Content-ID: <gallery-qr>');
    expect(source).toMatch(/Content-Type: image\/png; name=gallery-[A-Z0-9]+-qr\.png/);
    expect(source).toContain('<img src="cid:gallery-qr"');
    expect(source).not.toContain('data:image');
  }, 120_000);
});
