import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import type { ArchiveLayoutId } from '@gallery/contracts';

/** The stages of Download All as the screen shows them (the server's progress stages, plus idle). */
export type DownloadStage =
  'idle' | 'downloading' | 'adding' | 'creating' | 'finalizing' | 'complete' | 'failed' | 'empty';

export interface DownloadState {
  stage: DownloadStage;
  /** Photos added so far, or in the finished zip. */
  count: number;
  /** Photos the zip will hold, once known (0 before). */
  total: number;
}

export const IDLE: DownloadState = { stage: 'idle', count: 0, total: 0 };

/** How far along the bar is, 0 to 1: the list read, the photos added, the zip closed, stored. */
export function downloadFraction({ stage, count, total }: DownloadState): number {
  switch (stage) {
    case 'downloading':
      return 0.02;
    case 'adding':
      return total > 0 ? 0.05 + 0.85 * Math.min(1, count / total) : 0.05;
    case 'creating':
      return 0.92;
    case 'finalizing':
      return 0.96;
    case 'complete':
      return 1;
    default:
      return 0;
  }
}

/**
 * The i18n key and values of the line under the bar (the spec's progress texts). "Adding {{count}} photos" names
 * the whole gallery: the photos added so far show in the bar, not in the sentence (it once said "Adding 3
 * photos" halfway through a 6-photo zip).
 */
export function downloadText({
  stage,
  count,
  total,
}: DownloadState): [string, Record<string, number>] | null {
  if (stage === 'idle') return null;
  if (stage === 'empty') return ['download.noPhotos', {}];
  if (stage === 'adding') return ['download.adding', { count: Math.max(total, count) }];
  return [`download.${stage}`, { count }];
}

export type ArchiveStatus = 'BUILDING' | 'COMPLETE' | 'FAILED' | 'EMPTY';

export interface ArchiveJob {
  id: string | null;
  status: ArchiveStatus;
  photoCount: number;
  downloadUrl: string | null;
}

export const DOWNLOAD_RIGHTS_QUERY: TypedDocumentNode<
  { event: { code: string; isOwner: boolean; guestDownloadsAllowed: boolean } | null },
  { code: string }
> = gql`
  query DownloadRights($code: String!) {
    event(code: $code) {
      code
      isOwner
      guestDownloadsAllowed
    }
  }
`;

/** How the zip is laid out (see docs/api.graphql): the owner may group it by guest. */
export type ArchiveLayout = ArchiveLayoutId;

export const REQUEST_ARCHIVE: TypedDocumentNode<
  { requestArchive: ArchiveJob },
  { code: string; layout: ArchiveLayout; jpegCopies: boolean }
> = gql`
  mutation RequestArchive($code: String!, $layout: ArchiveLayout, $jpegCopies: Boolean) {
    requestArchive(eventCode: $code, layout: $layout, jpegCopies: $jpegCopies) {
      id
      status
      photoCount
      downloadUrl
    }
  }
`;

export const ARCHIVE_JOB_QUERY: TypedDocumentNode<
  { archiveJob: ArchiveJob | null },
  { code: string; jobId: string }
> = gql`
  query ArchiveJob($code: String!, $jobId: ID!) {
    archiveJob(eventCode: $code, jobId: $jobId) {
      id
      status
      photoCount
      downloadUrl
    }
  }
`;

export interface ArchiveProgressMessage {
  jobId: string;
  stage: 'DOWNLOADING' | 'ADDING' | 'CREATING' | 'FINALIZING' | 'COMPLETE' | 'FAILED' | 'EMPTY';
  count: number;
  total: number;
}

export const ARCHIVE_PROGRESS_SUBSCRIPTION: TypedDocumentNode<
  { archiveProgress: ArchiveProgressMessage },
  { eventCode: string }
> = gql`
  subscription ArchiveProgress($eventCode: String!) {
    archiveProgress(eventCode: $eventCode) {
      jobId
      stage
      count
      total
    }
  }
`;

export const SET_GUEST_DOWNLOADS: TypedDocumentNode<
  { setGuestDownloads: { code: string; guestDownloadsAllowed: boolean } },
  { code: string; allowed: boolean }
> = gql`
  mutation SetGuestDownloads($code: String!, $allowed: Boolean!) {
    setGuestDownloads(eventCode: $code, allowed: $allowed) {
      code
      guestDownloadsAllowed
    }
  }
`;
