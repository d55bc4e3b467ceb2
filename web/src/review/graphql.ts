import { gql, type TypedDocumentNode } from '@apollo/client';

/** The couple's two queues, as the API names them. */
export type ReviewQueueState = 'WAITING' | 'HIDDEN';

export interface ReviewPhoto {
  id: string;
  thumbnailUrl: string;
  previewUrl: string;
  kind: 'photo' | 'video';
  guestName: string | null;
  createdAt: string;
}

export interface ReviewQueue {
  waitingCount: number;
  hiddenCount: number;
  photos: { nodes: ReviewPhoto[]; endCursor: string | null; hasMore: boolean };
}

/** At most this many photos per page of the queue; the server approves or hides at most 100 at once. */
export const REVIEW_PAGE_SIZE = 60;

export const REVIEW_QUEUE_QUERY: TypedDocumentNode<
  { reviewQueue: ReviewQueue },
  { code: string; state: ReviewQueueState; first: number; after?: string | null }
> = gql`
  query ReviewQueue($code: String!, $state: ReviewQueueState!, $first: Int!, $after: String) {
    reviewQueue(eventCode: $code, state: $state, first: $first, after: $after) {
      waitingCount
      hiddenCount
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

/** Only the counts: the event page's and the dashboard's "N photos wait". */
export const REVIEW_COUNTS_QUERY: TypedDocumentNode<
  { reviewQueue: { waitingCount: number; hiddenCount: number } },
  { code: string }
> = gql`
  query ReviewCounts($code: String!) {
    reviewQueue(eventCode: $code, first: 0) {
      waitingCount
      hiddenCount
    }
  }
`;

export const REVIEW_PHOTOS: TypedDocumentNode<
  { reviewPhotos: number },
  { code: string; ids: string[]; decision: 'APPROVE' | 'HIDE' }
> = gql`
  mutation ReviewPhotos($code: String!, $ids: [ID!]!, $decision: ReviewDecision!) {
    reviewPhotos(eventCode: $code, ids: $ids, decision: $decision)
  }
`;
