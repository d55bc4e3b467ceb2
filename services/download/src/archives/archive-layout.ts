import { registerEnumType } from '@nestjs/graphql';
import type { ArchiveLayoutId } from '@gallery/contracts';

/** How the zip is laid out; the owner chooses. A zip of each layout is its own job. */
export enum ArchiveLayout {
  /** Every photo in the gallery's folder, named by when it was taken. */
  BY_DATE = 'BY_DATE',
  /** A folder per guest name; photos without one in "Guests without a name". */
  BY_GUEST = 'BY_GUEST',
  /** A folder per photo challenge; photos taken for none in "Photos without a challenge". */
  BY_CHALLENGE = 'BY_CHALLENGE',
  /** A folder per table whose card's QR code tagged photos; photos from no table's card in "Photos from no table". */
  BY_TABLE = 'BY_TABLE',
  /** Only the gallery's Highlights (its best photos), named by when they were taken. */
  HIGHLIGHTS = 'HIGHLIGHTS',
}
registerEnumType(ArchiveLayout, { name: 'ArchiveLayout' });

/** The enum and the contract's list name the same layouts. */
export const ARCHIVE_LAYOUT_IDS: Record<ArchiveLayout, ArchiveLayoutId> = {
  BY_DATE: 'BY_DATE',
  BY_GUEST: 'BY_GUEST',
  BY_CHALLENGE: 'BY_CHALLENGE',
  BY_TABLE: 'BY_TABLE',
  HIGHLIGHTS: 'HIGHLIGHTS',
};
