import { gql, type TypedDocumentNode } from '@apollo/client';

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

/** Owner only: whether the couple gets the daily digest. */
export const OWNER_DIGEST: TypedDocumentNode<{ ownerDigest: boolean }, { eventCode: string }> = gql`
  query OwnerDigest($eventCode: String!) {
    ownerDigest(eventCode: $eventCode)
  }
`;

export const SET_OWNER_DIGEST: TypedDocumentNode<
  { setOwnerDigest: boolean },
  { eventCode: string; on: boolean }
> = gql`
  mutation SetOwnerDigest($eventCode: String!, $on: Boolean!) {
    setOwnerDigest(eventCode: $eventCode, on: $on)
  }
`;
