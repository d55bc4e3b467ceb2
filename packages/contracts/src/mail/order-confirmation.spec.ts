import { describe, expect, it } from '@jest/globals';
import { PLANS } from '../plans/plans.js';
import { formatAmount, MAIL_LANGUAGES, mailLanguageSchema } from './mail-language.js';
import { ORDER_QR_CID, orderConfirmationMail } from './order-confirmation.js';

const facts = {
  coupleNames: 'Sarah & Mike',
  code: 'ACDE3467',
  galleryUrl: 'https://gallery.example/gallery/ACDE3467',
  dashboardUrl: 'https://gallery.example/dashboard',
  plan: 'premium' as const,
  paymentPending: true,
  expiresAt: '2027-01-02T00:00:00.000Z',
};

describe('orderConfirmationMail', () => {
  it.each(MAIL_LANGUAGES)('gives the code, the link and the price from the catalogue in %s', (language) => {
    const mail = orderConfirmationMail(language, facts);

    expect(mail.subject).toContain('ACDE3467');
    expect(mail.text).toContain('ACDE3467');
    expect(mail.text).toContain('https://gallery.example/gallery/ACDE3467');
    expect(mail.text).toContain(formatAmount(PLANS.premium.priceUsd * 100, 'usd', language));
    const withoutPayment = orderConfirmationMail(language, { ...facts, plan: 'free', paymentPending: false });
    expect(withoutPayment.text.split('\n').length).toBeLessThan(mail.text.split('\n').length);
  });

  it('says that payment is pending only for a package awaiting it', () => {
    expect(orderConfirmationMail('en', facts).text).toContain('Payment for this package is pending');
    expect(orderConfirmationMail('en', { ...facts, paymentPending: false }).text).not.toContain('pending');
  });

  it("says uploads are open from today and names the last day in each language's own order", () => {
    expect(orderConfirmationMail('en', facts).text).toContain(
      'Guests can add photos from today until January 1, 2027. Your photos are kept until then, and you can still download them all for 14 days after.',
    );
    expect(orderConfirmationMail('fr', facts).text).toContain('dès aujourd’hui et jusqu’au 1 janvier 2027.');
    expect(orderConfirmationMail('es', facts).text).toContain('desde hoy hasta el 1 de enero de 2027.');
  });

  it.each(MAIL_LANGUAGES)(
    'links the couple to their galleries and shows the QR code in the HTML in %s',
    (language) => {
      const mail = orderConfirmationMail(language, facts);

      expect(mail.text).toContain('https://gallery.example/dashboard');
      expect(mail.html).toContain(`<img src="cid:${ORDER_QR_CID}"`);
      expect(mail.html).toContain('https://gallery.example/dashboard');
      expect(mail.html).toContain('Sarah &#38; Mike');
      expect(mail.html).not.toContain('Sarah & Mike');
    },
  );

  it('accepts only the languages it is written in', () => {
    expect(mailLanguageSchema.safeParse('fr').success).toBe(true);
    expect(mailLanguageSchema.safeParse('de').success).toBe(false);
  });
});
