import { tableFromQuery } from '@gallery/contracts';

/**
 * The table whose printed card's QR code this browser opened a gallery from (`?table=5`): kept per gallery, so
 * the guest's photos are tagged with it however often they come back by the plain link, until another table's
 * card is scanned.
 */
const key = (code: string) => `gallery-table:${code}`;

/** Keeps the table a gallery link names, if it names one. */
export function rememberTableFromLink(code: string, search: string): void {
  const table = tableFromQuery(search);
  if (table === null) return;
  try {
    localStorage.setItem(key(code), String(table));
  } catch {
    // Private browsing without storage: the link's table is simply not kept.
  }
}

/** The table this browser's uploads to a gallery are tagged with, or null. */
export function readTableCard(code: string): number | null {
  try {
    const stored = localStorage.getItem(key(code));
    return stored === null ? null : tableFromQuery(`?table=${stored}`);
  } catch {
    return null;
  }
}
