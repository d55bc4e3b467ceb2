import { DuePerDestination1799100000000 } from './migrations/1799100000000-due-per-destination.migration.js';
import { CreateBackups1795704407460 } from './migrations/1795704407460-create-backups.migration.js';
import { OAuthDrives1798800000000 } from './migrations/1798800000000-oauth-drives.migration.js';
import { OwnerMetadataChoices1798643000000 } from './migrations/1798643000000-owner-metadata-choices.migration.js';

/** Every migration of the backup database (TypeORM runs them in the order of their timestamps). */
export const backupMigrations = [
  CreateBackups1795704407460,
  OAuthDrives1798800000000,
  OwnerMetadataChoices1798643000000,
  DuePerDestination1799100000000,
];
