import { formatDate } from '../i18n/formatDate';

/** A date as 'MMM dd, yyyy', or null when the server sent none or something that is not a date. */
export function displayDate(value: string | null | undefined, language: string): string | null {
  if (!value) return null;
  try {
    return formatDate(value, language);
  } catch {
    return null;
  }
}
