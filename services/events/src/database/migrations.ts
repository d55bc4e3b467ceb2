import { AppliedPaymentsAndOrderLanguage1764100000000 } from './migrations/1764100000000-applied-payments-and-order-language.migration.js';
import { ContactMessages1764300000000 } from './migrations/1764300000000-contact-messages.migration.js';
import { CreateEventsAndOrders1763900000000 } from './migrations/1763900000000-create-events-and-orders.migration.js';
import { DemoGalleryResets1798820000000 } from './migrations/1798820000000-demo-gallery-resets.migration.js';
import { CustomDomains1798220000000 } from './migrations/1798220000000-custom-domains.migration.js';
import { GalleryLanguage1798000000001 } from './migrations/1798000000001-gallery-language.migration.js';
import { GalleryPin1798500000000 } from './migrations/1798500000000-gallery-pin.migration.js';
import { GuestDownloads1796000000001 } from './migrations/1796000000001-guest-downloads.migration.js';
import { OwnerDownloadsMetadata1798620000000 } from './migrations/1798620000000-owner-downloads-metadata.migration.js';
import { OwnerSessions1797000000000 } from './migrations/1797000000000-owner-sessions.migration.js';
import { PhotoApproval1798610000000 } from './migrations/1798610000000-photo-approval.migration.js';
import { PhotoChallenges1798400000000 } from './migrations/1798400000000-photo-challenges.migration.js';
import { PhotoVisibility1798412000000 } from './migrations/1798412000000-photo-visibility.migration.js';
import { PinVersion1798641000000 } from './migrations/1798641000000-pin-version.migration.js';
import { ReturnMails1798700000000 } from './migrations/1798700000000-return-mails.migration.js';
import { PrivacySettings1798320000000 } from './migrations/1798320000000-privacy-settings.migration.js';
import { StorageFromWeddingDay1798000000000 } from './migrations/1798000000000-storage-from-wedding-day.migration.js';
import { WallLinks1798300000000 } from './migrations/1798300000000-wall-links.migration.js';
import { WelcomeLine1798710000000 } from './migrations/1798710000000-welcome-line.migration.js';
import { OwnerMailChoices1798790000000 } from './migrations/1798790000000-owner-mail-choices.migration.js';
import { FindMeSwitch1798810000000 } from './migrations/1798810000000-find-me-switch.migration.js';

/** Every migration of the events database (TypeORM runs them in the order of their timestamps). */
export const eventsMigrations = [
  CreateEventsAndOrders1763900000000,
  AppliedPaymentsAndOrderLanguage1764100000000,
  ContactMessages1764300000000,
  GuestDownloads1796000000001,
  OwnerSessions1797000000000,
  StorageFromWeddingDay1798000000000,
  GalleryLanguage1798000000001,
  CustomDomains1798220000000,
  WallLinks1798300000000,
  PrivacySettings1798320000000,
  PhotoChallenges1798400000000,
  PhotoVisibility1798412000000,
  GalleryPin1798500000000,
  OwnerDownloadsMetadata1798620000000,
  PhotoApproval1798610000000,
  PinVersion1798641000000,
  ReturnMails1798700000000,
  WelcomeLine1798710000000,
  OwnerMailChoices1798790000000,
  FindMeSwitch1798810000000,
  DemoGalleryResets1798820000000,
];
