import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import type {
  BackupDestinationKind,
  BackupFailure,
  BackupOAuthKind,
  BackupState,
  BackupStopReason,
} from '@gallery/contracts';
import type { BackupCounts, BackupDestination } from '../destinations/backup-destination.js';

export enum BackupKind {
  WEBDAV = 'WEBDAV',
  GOOGLE_DRIVE = 'GOOGLE_DRIVE',
  DROPBOX = 'DROPBOX',
}
registerEnumType(BackupKind, { name: 'BackupDestinationKind' });

export enum OAuthBackupKind {
  GOOGLE_DRIVE = 'GOOGLE_DRIVE',
  DROPBOX = 'DROPBOX',
}
registerEnumType(OAuthBackupKind, { name: 'BackupOAuthDrive' });

export enum BackupStatus {
  ACTIVE = 'ACTIVE',
  STOPPED = 'STOPPED',
}
registerEnumType(BackupStatus, { name: 'BackupState' });

export enum BackupStop {
  PLAN = 'PLAN',
  EXPIRED = 'EXPIRED',
}
registerEnumType(BackupStop, { name: 'BackupStopReason' });

export enum BackupError {
  UNREACHABLE = 'UNREACHABLE',
  REFUSED = 'REFUSED',
  FULL = 'FULL',
  SERVER_ERROR = 'SERVER_ERROR',
}
registerEnumType(BackupError, { name: 'BackupFailure' });

// Fail to compile if these drift from the contracts' lists.
const _kinds: Record<BackupDestinationKind, BackupKind> = BackupKind;
const _oauthKinds: Record<BackupOAuthKind, OAuthBackupKind> = OAuthBackupKind;
const _states: Record<BackupState, BackupStatus> = BackupStatus;
const _stops: Record<BackupStopReason, BackupStop> = BackupStop;
const _failures: Record<BackupFailure, BackupError> = BackupError;

@ObjectType('Backup', {
  description: "A Premium gallery's backup to the couple's cloud drive, and how far it has come",
})
export class BackupModel {
  @Field(() => BackupKind)
  kind!: BackupKind;

  @Field({
    description:
      'WebDAV: the folder the photos go to (without credentials); Google Drive, Dropbox: the web page showing them',
  })
  address!: string;

  @Field({
    description:
      "WebDAV: the user name the drive was connected with (the app password is never shown); Google Drive, Dropbox: the account's email",
  })
  username!: string;

  @Field({ description: 'Whether each guest has a folder of their own inside the gallery folder' })
  folderPerGuest!: boolean;

  @Field(() => BackupStatus, { description: 'STOPPED: the gallery left Premium or its storage ended' })
  state!: BackupStatus;

  @Field(() => BackupStop, { nullable: true })
  stopReason!: BackupStop | null;

  @Field(() => Int, { description: 'Photos and videos copied to the drive' })
  copied!: number;

  @Field(() => Int, { description: 'Photos and videos to copy, copied ones included' })
  total!: number;

  @Field(() => BackupError, {
    nullable: true,
    description: 'Why the last copy failed; null once one succeeds',
  })
  lastFailure!: BackupError | null;

  @Field(() => String, { nullable: true, description: "The drive's own answer to the last failed copy" })
  lastError!: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 8601: when the last copy failed' })
  lastErrorAt!: string | null;

  @Field({ description: 'ISO 8601: when the drive was connected' })
  connectedAt!: string;

  static of(destination: BackupDestination, counts: BackupCounts): BackupModel {
    return {
      kind: BackupKind[destination.kind],
      address: destination.address,
      username: destination.username,
      folderPerGuest: destination.folderPerGuest,
      state: BackupStatus[destination.state],
      stopReason: destination.stopReason && BackupStop[destination.stopReason],
      copied: counts.copied,
      total: counts.total,
      lastFailure: destination.lastFailure && BackupError[destination.lastFailure],
      lastError: destination.lastError,
      lastErrorAt: destination.lastErrorAt?.toISOString() ?? null,
      connectedAt: destination.createdAt.toISOString(),
    };
  }
}
