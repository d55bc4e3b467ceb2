import { describe, expect, it } from '@jest/globals';
import {
  bundleReceiptMail,
  bundleRefundMail,
  paymentReceiptMail,
  refundConfirmationMail,
} from './billing-mail.js';
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

  it("names a new gallery's order as one purchase, not a move from Free, in every language", () => {
    const receipt = (language: 'en' | 'fr' | 'es') =>
      paymentReceiptMail({
        language,
        eventCode: 'K7FEF99F',
        galleryUrl: 'https://gallery.example/gallery/K7FEF99F',
        fromPlan: 'free',
        plan: 'standard',
        newGallery: true,
        amountCents: 4900,
        currency: 'usd',
        paidAt: '2026-11-22T10:00:00.000Z',
        refundWindowDays: 30,
      }).text;
    expect(receipt('en')).toContain('Plan: Standard (new gallery)');
    expect(receipt('fr')).toContain('Formule : Standard (nouvelle galerie)');
    expect(receipt('es')).toContain('Plan: Estándar (galería nueva)');
    for (const language of ['en', 'fr', 'es'] as const) expect(receipt(language)).not.toContain('->');
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

describe('bundle mail', () => {
  it('lists the credits, their expiry and the pro rata refund rule in the receipt', () => {
    const mail = bundleReceiptMail({
      language: 'en',
      plan: 'standard',
      events: 3,
      quantity: 1,
      credits: 3,
      amountCents: 12250,
      currency: 'usd',
      paidAt: '2026-11-25T10:00:00.000Z',
      expiresAt: '2027-11-25T10:00:00.000Z',
      refundWindowDays: 30,
      dashboardUrl: 'https://gallery.example/dashboard',
    });
    expect(mail.subject).toBe('Payment receipt: 3 Standard event credits');
    expect(mail.text).toContain('Amount paid: $122.50');
    expect(mail.text).toContain('Bought: 1 x bundle of 3 Standard events');
    expect(mail.text).toContain('Credits: 3 Standard credits');
    expect(mail.text).toContain('Valid until: November 25, 2027');
    expect(mail.text).toContain('the price paid times the share of credits not used');
  });

  it('says how many credits were refunded in the refund confirmation, in the buyer language', () => {
    const mail = bundleRefundMail({
      language: 'fr',
      plan: 'premium',
      refundedCredits: 2,
      totalCredits: 3,
      amountCents: 16500,
      currency: 'usd',
      refundedAt: '2026-11-26T10:00:00.000Z',
    });
    expect(mail.subject).toBe('Remboursement confirmé pour 2 crédits Premium inutilisés');
    expect(mail.text).toContain('Crédits remboursés : 2 sur 3 crédits Premium');
  });
});
