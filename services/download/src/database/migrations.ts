import { ArchiveBuilders1797100000000 } from './migrations/1797100000000-archive-builders.js';
import { ArchiveLayouts1796100000000 } from './migrations/1796100000000-archive-layouts.js';
import { ChosenPhotoZips1798700000000 } from './migrations/1798700000000-chosen-photo-zips.js';
import { CreateArchiveJobs1796000000000 } from './migrations/1796000000000-create-archive-jobs.js';
import { GalleryPins1798650000000 } from './migrations/1798650000000-gallery-pins.js';
import { GuestCopiesInZips1798405700000 } from './migrations/1798405700000-guest-copies-in-zips.js';
import { GuestbookMessages1798405800000 } from './migrations/1798405800000-guestbook-messages.js';
import { JpegCopies1798100000000 } from './migrations/1798100000000-jpeg-copies.js';
import { OwnerDownloadChoices1798620000000 } from './migrations/1798620000000-owner-download-choices.js';
import { PurgedGalleries1796200000000 } from './migrations/1796200000000-purged-galleries.js';

/** Every migration of the download database (TypeORM runs them in the order of their timestamps). */
export const downloadMigrations = [
  CreateArchiveJobs1796000000000,
  ArchiveLayouts1796100000000,
  PurgedGalleries1796200000000,
  ArchiveBuilders1797100000000,
  JpegCopies1798100000000,
  GuestCopiesInZips1798405700000,
  GuestbookMessages1798405800000,
  OwnerDownloadChoices1798620000000,
  GalleryPins1798650000000,
  ChosenPhotoZips1798700000000,
];
