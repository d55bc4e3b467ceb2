import { Inject, Injectable } from '@nestjs/common';
import type { BackupOAuthKind } from '@gallery/contracts';
import { AppError } from '@gallery/platform';
import { BackupConfig } from '../config/backup-config.js';
import type { BackupDestination } from './backup-destination.js';
import type { BackupDrive } from './backup-drive.js';
import { CredentialCipher } from './credential-cipher.js';
import { DropboxApp } from './dropbox-drive.js';
import { GoogleDriveApp } from './google-drive.js';
import type { OAuthDriveApp } from './oauth-drive-app.js';
import { WebDavClient } from './webdav-client.js';

/**
 * Every kind of drive this deployment offers, and the one place a stored destination becomes a drive to write
 * to: WebDAV always, Google Drive and Dropbox only when their app's id and secret are configured.
 */
@Injectable()
export class BackupDrives {
  readonly cipher: CredentialCipher;
  private readonly apps = new Map<BackupOAuthKind, OAuthDriveApp>();

  private readonly allowPrivate: boolean;

  constructor(@Inject(BackupConfig) config: BackupConfig) {
    this.allowPrivate = config.allowPrivateDestinations;
    this.cipher = new CredentialCipher(config.secretKey);
    if (config.googleDrive) this.apps.set('GOOGLE_DRIVE', new GoogleDriveApp(config.googleDrive));
    if (config.dropbox) this.apps.set('DROPBOX', new DropboxApp(config.dropbox));
  }

  /** The OAuth drives offered, in the order the page shows them. */
  offered(): BackupOAuthKind[] {
    return [...this.apps.keys()];
  }

  /** The drive's app; refused when this deployment has none for it. */
  app(kind: BackupOAuthKind): OAuthDriveApp {
    const app = this.apps.get(kind);
    if (!app) throw new AppError('BACKUP_DRIVE_NOT_OFFERED');
    return app;
  }

  /** The drive a destination copies to, its credentials opened (they stay in this process's memory only). */
  open(
    destination: Pick<BackupDestination, 'id' | 'kind' | 'address' | 'username' | 'credentials'>,
  ): BackupDrive {
    const secret = this.cipher.open(destination.credentials, destination.id);
    if (destination.kind === 'WEBDAV') {
      return new WebDavClient(
        { url: destination.address, username: destination.username, password: secret },
        this.allowPrivate,
      );
    }
    return this.app(destination.kind).drive(secret);
  }
}
