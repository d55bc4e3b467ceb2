import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import type { GuestbookMessage } from '@gallery/contracts';

/** A message as queries answer it: its writer's own waiting one is marked (live messages never wait). */
export type ShownMessage = GuestbookMessage & { awaitingApproval?: boolean };

const MESSAGE_FIELDS = gql`
  fragment GuestbookMessageFields on GuestbookMessage {
    id
    eventCode
    text
    guestName
    createdAt
  }
`;

const SHOWN_MESSAGE_FIELDS = gql`
  fragment ShownGuestbookMessageFields on GuestbookMessage {
    ...GuestbookMessageFields
    awaitingApproval
  }
  ${MESSAGE_FIELDS}
`;

export const GUESTBOOK_MESSAGES: TypedDocumentNode<
  { guestbookMessages: ShownMessage[] },
  { eventCode: string; before?: string }
> = gql`
  query GuestbookMessages($eventCode: String!, $before: ID) {
    guestbookMessages(eventCode: $eventCode, before: $before) {
      ...ShownGuestbookMessageFields
    }
  }
  ${SHOWN_MESSAGE_FIELDS}
`;

export const LEAVE_GUESTBOOK_MESSAGE: TypedDocumentNode<
  { leaveGuestbookMessage: ShownMessage },
  { eventCode: string; text: string; guestName: string | null }
> = gql`
  mutation LeaveGuestbookMessage($eventCode: String!, $text: String!, $guestName: String) {
    leaveGuestbookMessage(eventCode: $eventCode, text: $text, guestName: $guestName) {
      ...ShownGuestbookMessageFields
    }
  }
  ${SHOWN_MESSAGE_FIELDS}
`;

export const REMOVE_GUESTBOOK_MESSAGE: TypedDocumentNode<
  { removeGuestbookMessage: boolean },
  { eventCode: string; id: string }
> = gql`
  mutation RemoveGuestbookMessage($eventCode: String!, $id: ID!) {
    removeGuestbookMessage(eventCode: $eventCode, id: $id)
  }
`;

export const GUESTBOOK_MESSAGE_ADDED: TypedDocumentNode<
  { guestbookMessageAdded: GuestbookMessage },
  { eventCode: string }
> = gql`
  subscription GuestbookMessageAdded($eventCode: String!) {
    guestbookMessageAdded(eventCode: $eventCode) {
      ...GuestbookMessageFields
    }
  }
  ${MESSAGE_FIELDS}
`;

export const GUESTBOOK_MESSAGE_REMOVED: TypedDocumentNode<
  { guestbookMessageRemoved: { id: string; eventCode: string } },
  { eventCode: string }
> = gql`
  subscription GuestbookMessageRemoved($eventCode: String!) {
    guestbookMessageRemoved(eventCode: $eventCode) {
      id
      eventCode
    }
  }
`;
