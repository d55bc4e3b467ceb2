import { gql, type TypedDocumentNode } from '@apollo/client';
import { PHOTO_FIELDS, type PhotoPage } from '../gallery/graphql';
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

/** The gallery's photos, most hearts first, a page at a time: the "Most loved" order. */
export const MOST_LOVED_PHOTOS_QUERY: TypedDocumentNode<
  { event: { code: string; photos: PhotoPage } | null },
  { code: string; first: number; after?: string | null }
> = gql`
  query GalleryMostLovedPhotos($code: String!, $first: Int!, $after: String) {
    event(code: $code) {
      code
      photos(first: $first, after: $after, order: MOST_LOVED) {
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
