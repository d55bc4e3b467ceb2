import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import type { ArchiveJob } from '../gallery/downloadAll';

/** "Find me" of a gallery as its couple sees it: the switch and how far the photos were looked at. */
export interface FindMeSettings {
  eventCode: string;
  on: boolean;
  indexedPhotos: number;
  waitingPhotos: number;
}

/** A photo a search found, as this guest may see it (the gallery's privacy settings decided). */
export interface FoundPhoto {
  id: string;
  thumbnailUrl: string;
  previewUrl: string;
  originalUrl: string;
  width: number;
  height: number;
  createdAt: string;
  guestName: string | null;
}

const SETTINGS_FIELDS = `
  eventCode
  on
  indexedPhotos
  waitingPhotos
`;

export const FIND_ME_SETTINGS_QUERY: TypedDocumentNode<{ findMeSettings: FindMeSettings }, { code: string }> =
  gql`
  query FindMeSettings($code: String!) {
    findMeSettings(eventCode: $code) {
      ${SETTINGS_FIELDS}
    }
  }
`;

export const SET_FIND_ME: TypedDocumentNode<{ setFindMe: FindMeSettings }, { code: string; on: boolean }> =
  gql`
  mutation SetFindMe($code: String!, $on: Boolean!) {
    setFindMe(eventCode: $code, on: $on) {
      ${SETTINGS_FIELDS}
    }
  }
`;

export const FIND_ME: TypedDocumentNode<
  { findMe: { photos: FoundPhoto[] } },
  { code: string; selfie: string }
> = gql`
  mutation FindMe($code: String!, $selfie: String!) {
    findMe(eventCode: $code, selfie: $selfie) {
      photos {
        id
        thumbnailUrl
        previewUrl
        originalUrl
        width
        height
        createdAt
        guestName
      }
    }
  }
`;

export const REQUEST_PHOTOS_ARCHIVE: TypedDocumentNode<
  { requestPhotosArchive: ArchiveJob },
  { code: string; photoIds: string[] }
> = gql`
  mutation RequestPhotosArchive($code: String!, $photoIds: [ID!]!) {
    requestPhotosArchive(eventCode: $code, photoIds: $photoIds) {
      id
      status
      photoCount
      downloadUrl
    }
  }
`;
