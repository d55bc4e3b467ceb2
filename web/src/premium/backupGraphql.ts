import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import type {
  BackupDestinationKind,
  BackupFailure,
  BackupOAuthKind,
  BackupState,
  BackupStopReason,
} from '@gallery/contracts';

export interface Backup {
  kind: BackupDestinationKind;
  address: string;
  username: string;
  folderPerGuest: boolean;
  state: BackupState;
  stopReason: BackupStopReason | null;
  copied: number;
  total: number;
  lastFailure: BackupFailure | null;
  lastError: string | null;
}

const BACKUP_FIELDS = gql`
  fragment BackupFields on Backup {
    kind
    address
    username
    folderPerGuest
    state
    stopReason
    copied
    total
    lastFailure
    lastError
  }
`;

export const BACKUP_QUERY: TypedDocumentNode<{ backup: Backup | null }, { eventCode: string }> = gql`
  query Backup($eventCode: String!) {
    backup(eventCode: $eventCode) {
      ...BackupFields
    }
  }
  ${BACKUP_FIELDS}
`;

export const CONNECT_WEBDAV_BACKUP: TypedDocumentNode<
  { connectWebDavBackup: Backup },
  { eventCode: string; url: string; username: string; password: string; folderPerGuest: boolean }
> = gql`
  mutation ConnectWebDavBackup(
    $eventCode: String!
    $url: String!
    $username: String!
    $password: String!
    $folderPerGuest: Boolean!
  ) {
    connectWebDavBackup(
      eventCode: $eventCode
      url: $url
      username: $username
      password: $password
      folderPerGuest: $folderPerGuest
    ) {
      ...BackupFields
    }
  }
  ${BACKUP_FIELDS}
`;

export const BACK_UP_EVERYTHING: TypedDocumentNode<{ backUpEverything: Backup }, { eventCode: string }> = gql`
  mutation BackUpEverything($eventCode: String!) {
    backUpEverything(eventCode: $eventCode) {
      ...BackupFields
    }
  }
  ${BACKUP_FIELDS}
`;

export const SET_BACKUP_FOLDER_PER_GUEST: TypedDocumentNode<
  { setBackupFolderPerGuest: Backup },
  { eventCode: string; folderPerGuest: boolean }
> = gql`
  mutation SetBackupFolderPerGuest($eventCode: String!, $folderPerGuest: Boolean!) {
    setBackupFolderPerGuest(eventCode: $eventCode, folderPerGuest: $folderPerGuest) {
      ...BackupFields
    }
  }
  ${BACKUP_FIELDS}
`;

export const DISCONNECT_BACKUP: TypedDocumentNode<{ disconnectBackup: boolean }, { eventCode: string }> = gql`
  mutation DisconnectBackup($eventCode: String!) {
    disconnectBackup(eventCode: $eventCode)
  }
`;

/** The drives this site offers by signing in (only those whose app is configured). */
export const BACKUP_DRIVES: TypedDocumentNode<
  { backupDrives: BackupOAuthKind[] },
  Record<string, never>
> = gql`
  query BackupDrives {
    backupDrives
  }
`;

export const START_OAUTH_BACKUP: TypedDocumentNode<
  { startOAuthBackup: string },
  { eventCode: string; drive: BackupOAuthKind; folderPerGuest: boolean }
> = gql`
  mutation StartOAuthBackup($eventCode: String!, $drive: BackupOAuthDrive!, $folderPerGuest: Boolean!) {
    startOAuthBackup(eventCode: $eventCode, drive: $drive, folderPerGuest: $folderPerGuest)
  }
`;
