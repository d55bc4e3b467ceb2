import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import { apolloClient } from '../api/apolloClient';
import { whenSettled } from '../api/settled';
import { readStorage, writeStorage } from '../session/storage';

/** A random id this browser keeps so the couple's analytics can count distinct guests; nothing else. */
const GUEST_ID_KEY = 'gallery-guest-id';

function guestId(): string {
  const kept = readStorage(GUEST_ID_KEY);
  if (kept) return kept;
  const fresh = crypto.randomUUID();
  writeStorage(GUEST_ID_KEY, fresh);
  return fresh;
}

const RECORD_ACTIVITY: TypedDocumentNode<
  { recordGalleryActivity: boolean },
  { eventCode: string; kind: 'VIEW' | 'DOWNLOAD'; guest: string }
> = gql`
  mutation RecordGalleryActivity($eventCode: String!, $kind: ActivityKind!, $guest: String!) {
    recordGalleryActivity(eventCode: $eventCode, kind: $kind, guest: $guest)
  }
`;

/**
 * Records a view or a download for the couple's analytics, once the page has settled (nothing the guest waits
 * for); a failure changes nothing for the guest.
 */
export function recordActivity(eventCode: string, kind: 'VIEW' | 'DOWNLOAD'): void {
  whenSettled(() => {
    void apolloClient
      .mutate({ mutation: RECORD_ACTIVITY, variables: { eventCode, kind, guest: guestId() } })
      .catch(() => undefined);
  });
}
