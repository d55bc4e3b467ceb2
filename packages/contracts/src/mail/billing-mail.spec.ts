import { describe, expect, it } from '@jest/globals';
import { paymentReceiptMail, refundConfirmationMail } from './billing-mail.js';
import { formatAmount, mailLanguage } from './mail-language.js';

describe('billing mail', () => {
  it('picks the first supported language of Accept-Language, else English', () => {
    expect(mailLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(mailLanguage('de-DE,es;q=0.5,en;q=0.4')).toBe('es');
    expect(mailLanguage('en;q=0.2,es;q=0.9')).toBe('es');
    expect(mailLanguage('de')).toBe('en');
    expect(mailLanguage(undefined)).toBe('en');
  });

  it('formats amounts the way each language writes them', () => {
    expect(formatAmount(4900, 'usd', 'en')).toBe('$49.00');
    expect(formatAmount(4900, 'usd', 'fr')).toMatch(/^49,00\s\$US$/);
    expect(formatAmount(5000, 'usd', 'es')).toMatch(/^50,00\sUS\$$/);
  });

  it('writes a receipt with the plans, the gallery code and link, in the buyer language', () => {
    const mail = paymentReceiptMail({
      language: 'es',
      eventCode: 'K7FEF99F',
      galleryUrl: 'https://gallery.example/gallery/K7FEF99F',
      fromPlan: 'free',
      plan: 'standard',
      amountCents: 4900,
      currency: 'usd',
      paidAt: '2026-11-22T10:00:00.000Z',
      refundWindowDays: 30,
    });
    expect(mail.subject).toContain('Estándar');
    expect(mail.text).toContain('K7FEF99F');
    expect(mail.text).toContain('https://gallery.example/gallery/K7FEF99F');
    expect(mail.text).toContain('Gratis -> Estándar');
    expect(mail.text).toContain('30');
  });

  it('writes a refund confirmation naming the plan the gallery returns to', () => {
    const mail = refundConfirmationMail({
      language: 'fr',
      eventCode: 'K7FEF99F',
      galleryUrl: 'https://gallery.example/gallery/K7FEF99F',
      plan: 'premium',
      revertTo: 'standard',
      amountCents: 5000,
      currency: 'usd',
      refundedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(mail.subject).toContain('K7FEF99F');
    expect(mail.text).toContain('de la formule Premium à la formule Standard');
  });
});
