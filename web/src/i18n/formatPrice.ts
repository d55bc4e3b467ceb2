import type { Language } from './languages';

const PRICE_LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR', es: 'es-ES' };

/** A price in the page's language: "$49" in English, "49 $US" in French, "49 US$" in Spanish. */
export function formatPrice(amountCents: number, currency: string, language: Language): string {
  const whole = amountCents % 100 === 0;
  return new Intl.NumberFormat(PRICE_LOCALES[language], {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amountCents / 100);
}
