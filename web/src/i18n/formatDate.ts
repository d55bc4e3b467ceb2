/** The page's language (the `lang` the app keeps on <html>), or English outside a page. */
function pageLocale(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
}

/**
 * Formats a date in the order its language writes it, on its UTC calendar day (the spec's "shifted by the
 * timezone offset"), so a yyyy-mm-dd date shows the same day everywhere: 'Dec 25, 2026' (the spec's
 * 'MMM dd, yyyy' in English), '25 déc. 2026', '25 dic 2026'. The language defaults to the page's.
 * Throws RangeError('Invalid time value') for anything that is not a date.
 */
export function formatDate(value: string | number | Date | null | undefined, locale = pageLocale()): string {
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value ?? Number.NaN);
  if (value === null || value === '' || Number.isNaN(date.getTime()))
    throw new RangeError('Invalid time value');
  return new Intl.DateTimeFormat(locale, {
    day: locale.startsWith('en') ? '2-digit' : 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/**
 * The last whole day a gallery that stops taking uploads at `expiresAt` is open, formatted: a gallery whose
 * storage ends at midnight UTC is open through the day before.
 */
export function formatLastDay(expiresAt: string | Date, locale = pageLocale()): string {
  return formatDate(new Date(new Date(expiresAt).getTime() - 1), locale);
}
