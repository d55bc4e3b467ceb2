import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import type { ApiPlan } from '../api/plan';
import { PHOTO_FIELDS, type Photo, type PhotoPage } from '../api/photos';
import type { EventUpdate } from './eventUpdate';
import type { PrivacySettings } from '../privacy/graphql';

export interface GalleryEvent {
  code: string;
  name: string;
  plan: ApiPlan;
  photoCount: number;
  createdAt: string;
  expiresAt: string;
  /** The language its links and QR code open it in (en, fr or es): the couple's choice. */
  language: string;
  /** Whether this browser's authToken is the owner's: the viewer then offers Remove. */
  isOwner: boolean;
  /**
   * Whether it holds as many photos as its plan takes: guests see it is full, with no Upload Photos. Absent in a
   * gallery kept offline before it existed.
   */
  photoLimitReached?: boolean;
  /** The couple's welcome line under their names on the landing; absent in a gallery kept offline before it. */
  welcomeLine?: string | null;
  /** The couple's cover photo when this guest may see it; absent in a gallery kept offline before it. */
  coverPhoto?: Photo | null;
  /** The couple's privacy settings; absent in a gallery kept offline before they existed. */
  privacy?: PrivacySettings;
  photos: PhotoPage;
  /** The photo challenges in the couple's order, each with its photo count when read. */
  challenges: GalleryChallenge[];
  /** The tables whose card's QR code tagged photos, each with its photo count when read; absent offline before. */
  tables?: GalleryTable[];
}

/** A photo challenge as the gallery shows it: its prompt is plain text (React renders it as text). */
export interface GalleryChallenge {
  id: string;
  prompt: string;
  photoCount: number;
}

export interface UploadSlot {
  uploadId: string;
  /** Null for a file sent in parts. */
  uploadUrl: string | null;
  headers: { name: string; value: string }[];
  multipart?: { partSize: number; partCount: number } | null;
}

/**
 * Photos per page of the grid's older pages (the most media gives at once): the first stays small to show soon,
 * and a guest scrolling through thousands waits on a third as many reads after it.
 */
export const MORE_PAGE_SIZE = 100;

export const GALLERY_QUERY: TypedDocumentNode<
  { event: GalleryEvent | null },
  { code: string; first: number }
> = gql`
  query Gallery($code: String!, $first: Int!) {
    event(code: $code) {
      code
      name
      plan
      photoCount
      createdAt
      expiresAt
      language
      isOwner
      photoLimitReached
      welcomeLine
      coverPhoto {
        ...GalleryPhoto
      }
      privacy {
        uploadsOpenAt
        uploadsCloseAt
        guestOriginalsAllowed
        visibility
        revealAt
      }
      photos(first: $first) {
        nodes {
          ...GalleryPhoto
          awaitingApproval
        }
        endCursor
        hasMore
      }
      challenges {
        id
        prompt
        photoCount
      }
      tables {
        number
        photoCount
      }
    }
  }
  ${PHOTO_FIELDS}
`;

/**
 * This browser's own uploads, newest first, a page at a time: My photos. The server picks them by the signed guest
 * identity the request carries, never by a list the page sends.
 */
export const MY_PHOTOS_QUERY: TypedDocumentNode<
  { event: { code: string; photos: PhotoPage } | null },
  { code: string; first: number; after?: string | null }
> = gql`
  query GalleryMyPhotos($code: String!, $first: Int!, $after: String) {
    event(code: $code) {
      code
      photos(first: $first, after: $after, mine: true) {
        nodes {
          ...GalleryPhoto
          awaitingApproval
        }
        endCursor
        hasMore
      }
    }
  }
  ${PHOTO_FIELDS}
`;

/** One photo challenge's photos, newest first, a page at a time: the gallery's filter. */
export const CHALLENGE_PHOTOS_QUERY: TypedDocumentNode<
  { event: { code: string; photos: PhotoPage } | null },
  { code: string; first: number; challengeId: string; after?: string | null }
> = gql`
  query GalleryChallengePhotos($code: String!, $first: Int!, $challengeId: ID!, $after: String) {
    event(code: $code) {
      code
      photos(first: $first, after: $after, challengeId: $challengeId) {
        nodes {
          ...GalleryPhoto
        }
        endCursor
        hasMore
      }
    }
  }
  ${PHOTO_FIELDS}
`;

/** A table whose card's QR code tagged photos (table cards), with its photo count: the gallery's table filter. */
export interface GalleryTable {
  number: number;
  photoCount: number;
}

/** One table card's photos, newest first, a page at a time: the gallery's table filter. */
export const TABLE_PHOTOS_QUERY: TypedDocumentNode<
  { event: { code: string; photos: PhotoPage } | null },
  { code: string; first: number; table: number; after?: string | null }
> = gql`
  query GalleryTablePhotos($code: String!, $first: Int!, $table: Int!, $after: String) {
    event(code: $code) {
      code
      photos(first: $first, after: $after, table: $table) {
        nodes {
          ...GalleryPhoto
        }
        endCursor
        hasMore
      }
    }
  }
  ${PHOTO_FIELDS}
`;

export const MORE_PHOTOS_QUERY: TypedDocumentNode<
  { event: { code: string; photos: PhotoPage } | null },
  { code: string; first: number; after: string }
> = gql`
  query GalleryMorePhotos($code: String!, $first: Int!, $after: String!) {
    event(code: $code) {
      code
      photos(first: $first, after: $after) {
        nodes {
          ...GalleryPhoto
        }
        endCursor
        hasMore
      }
    }
  }
  ${PHOTO_FIELDS}
`;

export const PHOTO_ADDED_SUBSCRIPTION: TypedDocumentNode<{ photoAdded: Photo }, { eventCode: string }> = gql`
  subscription PhotoAdded($eventCode: String!) {
    photoAdded(eventCode: $eventCode) {
      ...GalleryPhoto
    }
  }
  ${PHOTO_FIELDS}
`;

/** The gallery's reveal time has come: the screen reloads, now with everyone's photos. */
export const PHOTOS_REVEALED_SUBSCRIPTION: TypedDocumentNode<
  { photosRevealed: { eventCode: string; revealAt: string } },
  { eventCode: string }
> = gql`
  subscription PhotosRevealed($eventCode: String!) {
    photosRevealed(eventCode: $eventCode) {
      eventCode
      revealAt
    }
  }
`;

/** The couple changed who sees which photos (a drop box opened or shared again): the screen reloads. */
export const GALLERY_SETTINGS_CHANGED_SUBSCRIPTION: TypedDocumentNode<
  { gallerySettingsChanged: { eventCode: string } },
  { eventCode: string }
> = gql`
  subscription GallerySettingsChanged($eventCode: String!) {
    gallerySettingsChanged(eventCode: $eventCode) {
      eventCode
    }
  }
`;

/** The gallery's new plan and expiry after an upgrade or a refund, pushed by the gateway. */
export const EVENT_UPDATED_SUBSCRIPTION: TypedDocumentNode<
  { eventUpdated: EventUpdate },
  { eventCode: string }
> = gql`
  subscription EventUpdated($eventCode: String!) {
    eventUpdated(eventCode: $eventCode) {
      code
      plan
      expiresAt
      guestDownloadsAllowed
    }
  }
`;

/** What a file's upload needs: its id, and where to send it (one URL, or parts asked for later). */
const UPLOAD_SLOT_FIELDS = gql`
  fragment UploadSlotFields on PhotoUploadSlot {
    uploadId
    uploadUrl
    headers {
      name
      value
    }
    multipart {
      partSize
      partCount
    }
  }
`;

/** The files asked for, as their slots request names them. */
interface SlotRequestVariables {
  eventCode: string;
  files: { fileName: string; contentType: string; size: number }[];
  guestName?: string | null;
  challengeId?: string | null;
  table?: number | null;
}

export const REQUEST_PHOTO_UPLOADS: TypedDocumentNode<
  { requestPhotoUploads: UploadSlot[] },
  SlotRequestVariables
> = gql`
  mutation RequestPhotoUploads(
    $eventCode: String!
    $files: [PhotoUploadRequest!]!
    $guestName: String
    $challengeId: ID
    $table: Int
  ) {
    requestPhotoUploads(
      eventCode: $eventCode
      files: $files
      guestName: $guestName
      challengeId: $challengeId
      table: $table
    ) {
      ...UploadSlotFields
    }
  }
  ${UPLOAD_SLOT_FIELDS}
`;

/** Short-lived URLs for parts of a file sent in parts, each granting that one part. */
export const REQUEST_UPLOAD_PARTS: TypedDocumentNode<
  { requestUploadParts: { partNumber: number; url: string }[] },
  { eventCode: string; uploadId: string; partNumbers: number[] }
> = gql`
  mutation RequestUploadParts($eventCode: String!, $uploadId: ID!, $partNumbers: [Int!]!) {
    requestUploadParts(eventCode: $eventCode, uploadId: $uploadId, partNumbers: $partNumbers) {
      partNumber
      url
    }
  }
`;

export const CONFIRM_PHOTO_UPLOAD: TypedDocumentNode<
  { confirmPhotoUpload: Photo },
  { eventCode: string; uploadId: string }
> = gql`
  mutation ConfirmPhotoUpload($eventCode: String!, $uploadId: ID!) {
    confirmPhotoUpload(eventCode: $eventCode, uploadId: $uploadId) {
      ...GalleryPhoto
      awaitingApproval
    }
  }
  ${PHOTO_FIELDS}
`;

/**
 * A file's confirm and the slots of the next files, in one request: each field answers (or is refused) on its
 * own, in this order, so the confirm is carried out before the slots are counted against the gallery's plan.
 */
export const CONFIRM_AND_REQUEST_NEXT: TypedDocumentNode<
  { confirmPhotoUpload: Photo | null; requestPhotoUploads: UploadSlot[] | null },
  SlotRequestVariables & { uploadId: string }
> = gql`
  mutation ConfirmAndRequestNext(
    $eventCode: String!
    $uploadId: ID!
    $files: [PhotoUploadRequest!]!
    $guestName: String
    $challengeId: ID
    $table: Int
  ) {
    confirmPhotoUpload(eventCode: $eventCode, uploadId: $uploadId) {
      ...GalleryPhoto
      awaitingApproval
    }
    requestPhotoUploads(
      eventCode: $eventCode
      files: $files
      guestName: $guestName
      challengeId: $challengeId
      table: $table
    ) {
      ...UploadSlotFields
    }
  }
  ${PHOTO_FIELDS}
  ${UPLOAD_SLOT_FIELDS}
`;

/** A photo its owner removed: every open screen drops it, and the count follows. */
export const PHOTO_REMOVED_SUBSCRIPTION: TypedDocumentNode<
  {
    photoRemoved: {
      photoId: string;
      photoCount: number;
      challengeId?: string | null;
      tableNumber?: number | null;
    };
  },
  { eventCode: string }
> = gql`
  subscription PhotoRemoved($eventCode: String!) {
    photoRemoved(eventCode: $eventCode) {
      photoId
      photoCount
      challengeId
      tableNumber
    }
  }
`;

/** Owner only: removes a photo; the gallery's new photo count. */
/** The couple's download of a photo's untouched original (guests' originals have no location or serials). */
export const PHOTO_ORIGINAL_URL: TypedDocumentNode<{ photoOriginalUrl: string }, { id: string }> = gql`
  query PhotoOriginalUrl($id: ID!) {
    photoOriginalUrl(id: $id)
  }
`;

/** A guest deletes a photo they uploaded (their guest identity goes as X-Guest-Identity). */
export const DELETE_OWN_PHOTO: TypedDocumentNode<
  { deleteOwnPhoto: number },
  { eventCode: string; id: string }
> = gql`
  mutation DeleteOwnPhoto($eventCode: String!, $id: ID!) {
    deleteOwnPhoto(eventCode: $eventCode, id: $id)
  }
`;

export const REMOVE_PHOTO: TypedDocumentNode<{ removePhoto: number }, { id: string }> = gql`
  mutation RemovePhoto($id: ID!) {
    removePhoto(id: $id)
  }
`;

/** Whether the couple turned "Find me" on: the gallery's actions then offer its page. */
export const FIND_ME_AVAILABLE_QUERY: TypedDocumentNode<{ findMeAvailable: boolean }, { code: string }> = gql`
  query FindMeAvailable($code: String!) {
    findMeAvailable(eventCode: $code)
  }
`;

/** The couple approves or hides photos (the queue's, the viewer's Remove); how many it decided. */
export const REVIEW_PHOTOS: TypedDocumentNode<
  { reviewPhotos: number },
  { code: string; ids: string[]; decision: 'APPROVE' | 'HIDE' }
> = gql`
  mutation ReviewPhotos($code: String!, $ids: [ID!]!, $decision: ReviewDecision!) {
    reviewPhotos(eventCode: $code, ids: $ids, decision: $decision)
  }
`;
