import { z } from '../validation/zod.js';
import type { PlanId } from '../plans/plans.js';

// What every mail of the product shares: its languages, how it names plans and writes amounts.

/** The languages the product writes mail in; an order or a request without one is answered in English. */
export const MAIL_LANGUAGES = ['en', 'fr', 'es'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];
export const DEFAULT_MAIL_LANGUAGE: MailLanguage = 'en';
export const mailLanguageSchema = z.enum(MAIL_LANGUAGES);

/** The first supported language of an Accept-Language header (`fr-CA,fr;q=0.9,en;q=0.8` -> fr), else English. */
export function mailLanguage(acceptLanguage: string | string[] | null | undefined): MailLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q[1]) : 1, index };
    })
    .filter((entry) => entry.base && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = ranked.find((entry) => (MAIL_LANGUAGES as readonly string[]).includes(entry.base));
  return (found?.base as MailLanguage | undefined) ?? 'en';
}

export const LOCALES: Record<MailLanguage, string> = { en: 'en-US', fr: 'fr-FR', es: 'es-ES' };

/** `$49.00`, `49,00 $US`, `49,00 US$`: the amount as the reader's language writes it. */
export function formatAmount(amountCents: number, currency: string, language: MailLanguage): string {
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amountCents / 100);
}

/**
 * `January 1, 2027`, `1 janvier 2027`, `1 de enero de 2027`: a day as the reader's language writes it, on its UTC
 * calendar day like every date of the product (a yyyy-mm-dd day reads the same everywhere).
 */
export function formatMailDay(value: string | Date, language: MailLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(value),
  );
}

export const PLAN_NAMES: Readonly<Record<MailLanguage, Record<PlanId, string>>> = {
  en: { free: 'Free', standard: 'Standard', premium: 'Premium' },
  fr: { free: 'Gratuite', standard: 'Standard', premium: 'Premium' },
  es: { free: 'Gratis', standard: 'Estándar', premium: 'Premium' },
};

/** What a paid order's one purchase is called on Stripe's page and in the receipt, in place of "Free -> plan". */
export const NEW_GALLERY_PURCHASE: Readonly<Record<MailLanguage, string>> = {
  en: 'new gallery',
  fr: 'nouvelle galerie',
  es: 'galería nueva',
};
