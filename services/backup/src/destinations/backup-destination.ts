import type {
  BackupDestinationKind,
  BackupFailure,
  BackupState,
  BackupStopReason,
  PlanId,
} from '@gallery/contracts';

/** A gallery's drive as the service keeps it (backup_destinations), its credentials still sealed. */
export interface BackupDestination {
  id: string;
  eventCode: string;
  kind: BackupDestinationKind;
  /** WebDAV: the folder's address, without credentials. Google Drive, Dropbox: the page showing the copies. */
  address: string;
  /** WebDAV: the user name. Google Drive, Dropbox: the account's email. */
  username: string;
  /**
   * Sealed by CredentialCipher with the destination's id as context: WebDAV's app password, or an OAuth drive's
   * refresh token (and what else it needs, in JSON).
   */
  credentials: Buffer;
  galleryName: string;
  folderPerGuest: boolean;
  plan: PlanId;
  expiresAt: Date;
  state: BackupState;
  stopReason: BackupStopReason | null;
  lastFailure: BackupFailure | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  createdAt: Date;
}

/** How far a destination's copies have come: `copied` of `total` (photos removed before their copy left out). */
export interface BackupCounts {
  copied: number;
  total: number;
}

export const DESTINATION_COLUMNS = `id, event_code AS "eventCode", kind, address, username, credentials,
  gallery_name AS "galleryName", folder_per_guest AS "folderPerGuest", plan, expires_at AS "expiresAt", state,
  stop_reason AS "stopReason", last_failure AS "lastFailure", last_error AS "lastError",
  last_error_at AS "lastErrorAt", created_at AS "createdAt"`;
