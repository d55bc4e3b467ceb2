import { GalleryCover1798710000000 } from './migrations/1798710000000-gallery-cover.js';
import { GalleryFullAnnounced1798700000000 } from './migrations/1798700000000-gallery-full-announced.js';
import { TableCards1798760000000 } from './migrations/1798760000000-table-cards.js';
import { AddGuestNames1795800000000 } from './migrations/1795800000000-add-guest-names.js';
import { AddVideos1795620000000 } from './migrations/1795620000000-add-videos.js';
import { CreateMediaTables1763900000000 } from './migrations/1763900000000-create-media-tables.js';
import { GalleryPins1798641000001 } from './migrations/1798641000001-gallery-pins.js';
import { GuestCopies1798404533193 } from './migrations/1798404533193-guest-copies.js';
import { Guestbook1798404800000 } from './migrations/1798404800000-guestbook.js';
import { GuestbookApproval1798642000000 } from './migrations/1798642000000-guestbook-approval.js';
import { Hearts1798404700000 } from './migrations/1798404700000-hearts.js';
import { MultipartUploads1796240000000 } from './migrations/1796240000000-multipart-uploads.js';
import { OwnerDownloadsMetadata1798620000000 } from './migrations/1798620000000-owner-downloads-metadata.js';
import { PhotoApproval1798610000000 } from './migrations/1798610000000-photo-approval.js';
import { PhotoQuality1798760000000 } from './migrations/1798760000000-photo-quality.js';
import { DemoGalleryResets1798820000000 } from './migrations/1798820000000-demo-gallery-resets.js';
import { PhotoFaceCounts1798830000000 } from './migrations/1798830000000-photo-face-counts.js';
import { QualitySweep1798790000000 } from './migrations/1798790000000-quality-sweep.js';
import { PhotoChallenges1796400000000 } from './migrations/1796400000000-photo-challenges.js';
import { PhotoVisibility1798412000000 } from './migrations/1798412000000-photo-visibility.js';
import { PreviewsAfterCommit1796000000000 } from './migrations/1796000000000-previews-after-commit.js';
import { PrivacySettings1796320000000 } from './migrations/1796320000000-privacy-settings.js';
import { RefundedGalleriesReadOnly1795700000000 } from './migrations/1795700000000-refunded-galleries-read-only.js';
import { StageUploadsAndQueueDeletions1795500000000 } from './migrations/1795500000000-stage-uploads-and-queue-deletions.js';
import { SweepAbandonedUploads1795377600000 } from './migrations/1795377600000-sweep-abandoned-uploads.js';
import { UploadPutOnce1798680000000 } from './migrations/1798680000000-upload-put-once.js';
import { UploaderIdentity1798404600000 } from './migrations/1798404600000-uploader-identity.js';

/** Every migration of the media database (TypeORM runs them in the order of their timestamps). */
export const mediaMigrations = [
  CreateMediaTables1763900000000,
  SweepAbandonedUploads1795377600000,
  StageUploadsAndQueueDeletions1795500000000,
  AddVideos1795620000000,
  RefundedGalleriesReadOnly1795700000000,
  AddGuestNames1795800000000,
  PreviewsAfterCommit1796000000000,
  MultipartUploads1796240000000,
  PrivacySettings1796320000000,
  PhotoChallenges1796400000000,
  GuestCopies1798404533193,
  UploaderIdentity1798404600000,
  Hearts1798404700000,
  Guestbook1798404800000,
  PhotoVisibility1798412000000,
  OwnerDownloadsMetadata1798620000000,
  PhotoApproval1798610000000,
  GalleryPins1798641000001,
  GuestbookApproval1798642000000,
  UploadPutOnce1798680000000,
  GalleryFullAnnounced1798700000000,
  TableCards1798760000000,
  GalleryCover1798710000000,
  PhotoQuality1798760000000,
  QualitySweep1798790000000,
  DemoGalleryResets1798820000000,
  PhotoFaceCounts1798830000000,
];
