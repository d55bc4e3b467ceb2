const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Formats a date as 'MMM dd, yyyy' on its UTC calendar day (the spec's "shifted by the timezone offset"), so
 * a yyyy-mm-dd date shows the same day everywhere. Month names are English unless another locale is given.
 * Throws RangeError('Invalid time value') for anything that is not a date.
 */
export function formatDate(value: string | number | Date | null | undefined, locale = 'en'): string {
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value ?? Number.NaN);
  if (value === null || value === '' || Number.isNaN(date.getTime()))
    throw new RangeError('Invalid time value');
  const month = locale.startsWith('en')
    ? MONTHS[date.getUTCMonth()]
    : new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(date);
  const day = String(date.getUTCDate()).padStart(2, '0');
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${month} ${day}, ${year}`;
}
