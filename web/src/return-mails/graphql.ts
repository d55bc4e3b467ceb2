import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';

/** A guest leaves an address for the one "photos are in" mail (their guest identity goes as X-Guest-Identity). */
export const ASK_FOR_PHOTOS_READY_MAIL: TypedDocumentNode<
  { askForPhotosReadyMail: { stopToken: string | null } },
  { eventCode: string; input: { email: string; language: string; timeZone: string | null } }
> = gql`
  mutation AskForPhotosReadyMail($eventCode: String!, $input: PhotosReadyMailInput!) {
    askForPhotosReadyMail(eventCode: $eventCode, input: $input) {
      stopToken
    }
  }
`;

/** Stops that mail and deletes the address: the link in the mail, or the Stop beside the field. */
export const STOP_PHOTOS_READY_MAIL: TypedDocumentNode<{ stopPhotosReadyMail: boolean }, { token: string }> =
  gql`
    mutation StopPhotosReadyMail($token: String!) {
      stopPhotosReadyMail(token: $token)
    }
  `;

/** A mail the couple may turn off (the events subgraph's OwnerMail). */
export type OwnerMail =
  | 'WAITING_PHOTOS'
  | 'WAITING_MESSAGES'
  | 'STORAGE_ENDING'
  | 'BACKUP_STOPPED'
  | 'GALLERY_FULL'
  | 'PIN_GUESSING';
export interface OwnerMailChoice {
  mail: OwnerMail;
  on: boolean;
}

/** Owner only: which of their mails the couple gets for this gallery. */
export const OWNER_MAILS: TypedDocumentNode<{ ownerMails: OwnerMailChoice[] }, { eventCode: string }> = gql`
  query OwnerMails($eventCode: String!) {
    ownerMails(eventCode: $eventCode) {
      mail
      on
    }
  }
`;

export const SET_OWNER_MAIL: TypedDocumentNode<
  { setOwnerMail: OwnerMailChoice[] },
  { eventCode: string; mail: OwnerMail; on: boolean }
> = gql`
  mutation SetOwnerMail($eventCode: String!, $mail: OwnerMail!, $on: Boolean!) {
    setOwnerMail(eventCode: $eventCode, mail: $mail, on: $on) {
      mail
      on
    }
  }
`;
