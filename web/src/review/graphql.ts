import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';

/** The couple's queues, as the API names them: waiting, hidden, and (photos only) those guests see. */
export type ReviewQueueState = 'WAITING' | 'HIDDEN' | 'SHOWN';

/** What the queue points out on a photo, measured when it was processed. */
export type PhotoHint = 'BLURRY' | 'DARK' | 'NEAR_DUPLICATE';

export interface PhotoQualityHints {
  photoId: string;
  blurry: boolean;
  dark: boolean;
  nearDuplicateOf: string | null;
  nearDuplicateThumbnailUrl: string | null;
  similarCount: number;
  bestOfSimilar: boolean;
}

export interface ReviewPhoto {
  id: string;
  thumbnailUrl: string;
  previewUrl: string;
  kind: 'photo' | 'video';
  guestName: string | null;
  createdAt: string;
}

/** How many photos and guestbook messages wait, and how many are hidden: the queue's tabs and the event page. */
export interface ReviewCounts {
  waitingCount: number;
  hiddenCount: number;
  waitingMessageCount: number;
  hiddenMessageCount: number;
}

export interface ReviewQueue extends ReviewCounts {
  shownCount: number;
  hintCounts: { blurry: number; dark: number; nearDuplicate: number };
  photoHints: PhotoQualityHints[];
  photos: { nodes: ReviewPhoto[]; endCursor: string | null; hasMore: boolean };
}

export interface ReviewMessage {
  id: string;
  text: string;
  guestName: string | null;
  createdAt: string;
}

export interface ReviewMessageQueue extends ReviewCounts {
  messages: { nodes: ReviewMessage[]; endCursor: string | null; hasMore: boolean };
}

/** At most this many photos per page of the queue; the server approves or hides at most 100 at once. */
export const REVIEW_PAGE_SIZE = 60;

export const REVIEW_QUEUE_QUERY: TypedDocumentNode<
  { reviewQueue: ReviewQueue },
  { code: string; state: ReviewQueueState; first: number; after?: string | null; hint?: PhotoHint | null }
> = gql`
  query ReviewQueue(
    $code: String!
    $state: ReviewQueueState!
    $first: Int!
    $after: String
    $hint: PhotoHint
  ) {
    reviewQueue(eventCode: $code, state: $state, first: $first, after: $after, hint: $hint) {
      waitingCount
      hiddenCount
      shownCount
      waitingMessageCount
      hiddenMessageCount
      hintCounts {
        blurry
        dark
        nearDuplicate
      }
      photoHints {
        photoId
        blurry
        dark
        nearDuplicateOf
        nearDuplicateThumbnailUrl
        similarCount
        bestOfSimilar
      }
      photos {
        nodes {
          id
          thumbnailUrl
          previewUrl
          kind
          guestName
          createdAt
        }
        endCursor
        hasMore
      }
    }
  }
`;

/** Guestbook messages on the queue, in one state, newest first (no photo page: first 0). */
export const REVIEW_MESSAGES_QUERY: TypedDocumentNode<
  { reviewQueue: ReviewMessageQueue },
  { code: string; state: ReviewQueueState; first: number; after?: string | null }
> = gql`
  query ReviewMessages($code: String!, $state: ReviewQueueState!, $first: Int!, $after: String) {
    reviewQueue(eventCode: $code, state: $state, first: 0) {
      waitingCount
      hiddenCount
      waitingMessageCount
      hiddenMessageCount
      messages(first: $first, after: $after) {
        nodes {
          id
          text
          guestName
          createdAt
        }
        endCursor
        hasMore
      }
    }
  }
`;

/** Only the counts: the event page's and the dashboard's "N photos wait", "N messages wait". */
export const REVIEW_COUNTS_QUERY: TypedDocumentNode<{ reviewQueue: ReviewCounts }, { code: string }> = gql`
  query ReviewCounts($code: String!) {
    reviewQueue(eventCode: $code, first: 0) {
      waitingCount
      hiddenCount
      waitingMessageCount
      hiddenMessageCount
    }
  }
`;

/** Hides every photo of a queue with a hint (near-duplicates: all but each group's best); how many it hid. */
export const HIDE_PHOTOS_WITH_HINT: TypedDocumentNode<
  { hidePhotosWithHint: number },
  { code: string; state: ReviewQueueState; hint: PhotoHint }
> = gql`
  mutation HidePhotosWithHint($code: String!, $state: ReviewQueueState!, $hint: PhotoHint!) {
    hidePhotosWithHint(eventCode: $code, state: $state, hint: $hint)
  }
`;

export const REVIEW_MESSAGES: TypedDocumentNode<
  { reviewGuestbookMessages: number },
  { code: string; ids: string[]; decision: 'APPROVE' | 'HIDE' }
> = gql`
  mutation ReviewGuestbookMessages($code: String!, $ids: [ID!]!, $decision: ReviewDecision!) {
    reviewGuestbookMessages(eventCode: $code, ids: $ids, decision: $decision)
  }
`;
