import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import { PHOTO_FIELDS, type PhotoPage } from '../api/photos';
import type { HeartCounts } from '@gallery/contracts';

export const SET_HEART: TypedDocumentNode<
  { setHeart: { photoId: string; heartCount: number; hearted: boolean } },
  { eventCode: string; photoId: string; hearted: boolean }
> = gql`
  mutation SetHeart($eventCode: String!, $photoId: ID!, $hearted: Boolean!) {
    setHeart(eventCode: $eventCode, photoId: $photoId, hearted: $hearted) {
      photoId
      heartCount
      hearted
    }
  }
`;

export const MY_HEARTED_PHOTOS: TypedDocumentNode<{ myHeartedPhotoIds: string[] }, { eventCode: string }> =
  gql`
    query MyHeartedPhotos($eventCode: String!) {
      myHeartedPhotoIds(eventCode: $eventCode)
    }
  `;

/** A batch of new counts, at most one a second per gallery (media batches the taps). */
export const HEART_COUNTS_CHANGED: TypedDocumentNode<
  { heartCountsChanged: HeartCounts },
  { eventCode: string }
> = gql`
  subscription HeartCountsChanged($eventCode: String!) {
    heartCountsChanged(eventCode: $eventCode) {
      eventCode
      counts {
        photoId
        heartCount
      }
    }
  }
`;

/** The orders the gallery reads pages of its own: most hearts first, and Highlights (the best photos). */
export type SortedPhotoOrder = 'MOST_LOVED' | 'HIGHLIGHTS';

/** The gallery's photos in a sorted order, a page at a time: "Most loved" or "Highlights". */
export const SORTED_PHOTOS_QUERY: TypedDocumentNode<
  { event: { code: string; photos: PhotoPage } | null },
  { code: string; first: number; after?: string | null; order: SortedPhotoOrder }
> = gql`
  query GallerySortedPhotos($code: String!, $first: Int!, $after: String, $order: PhotoOrder!) {
    event(code: $code) {
      code
      photos(first: $first, after: $after, order: $order) {
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
