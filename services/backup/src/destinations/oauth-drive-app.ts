import type { BackupOAuthKind } from '@gallery/contracts';
import type { BackupDrive } from './backup-drive.js';

/** What a finished sign-in gives: the account to show, where the photos go, and what to keep sealed. */
export interface OAuthGrant {
  /** The couple's account at the drive (an email address), shown on the event page. */
  account: string;
  /** Where the copies go, as the page and the mails show it. */
  address: string;
  /** The refresh token and whatever else the drive needs later: only ever stored sealed. */
  secret: string;
}

/** A drive the couple connects by signing in with it (Google Drive, Dropbox), through its own SDK. */
export interface OAuthDriveApp {
  readonly kind: BackupOAuthKind;
  /** The drive's sign-in page for this connection, which comes back to `redirectUri` with a code and `state`. */
  authorizeUrl(state: string, redirectUri: string): Promise<string>;
  /**
   * Exchanges the code for tokens and prepares the drive; throws a DriveError when the drive refuses. `signal`
   * aborts at the exchange's deadline (BACKUP_LIMITS.checkSeconds).
   */
  grant(code: string, redirectUri: string, signal: AbortSignal): Promise<OAuthGrant>;
  /** The drive to write to, from the secret `grant` gave. */
  drive(secret: string): BackupDrive;
}
