import type { LivePhoto } from '@gallery/contracts';
import { gql } from './gql';

/**
 * A photo as the gallery shows it: the same shape the live events carry, and, on the uploader's own photo
 * waiting for the couple's approval, that mark (live events never carry a waiting photo).
 */
export type Photo = LivePhoto & { awaitingApproval?: boolean };

export interface PhotoPage {
  nodes: Photo[];
  endCursor: string | null;
  hasMore: boolean;
}

/** Photos per page of the grid. */
export const PAGE_SIZE = 30;

/**
 * Every field of the photo contract (LIVE_PHOTO_FIELDS; gallery/graphql.spec.ts holds them equal): the gallery shows a
 * photo from a read and from a live event alike. Written out rather than built from the contract so the gallery
 * page does not load the schema library.
 */
export const PHOTO_FIELDS = gql`
  fragment GalleryPhoto on Photo {
    id
    eventCode
    thumbnailUrl
    previewUrl
    originalUrl
    width
    height
    createdAt
    kind
    durationSeconds
    guestName
    challengeId
    tableNumber
    uploaderId
    heartCount
  }
`;
