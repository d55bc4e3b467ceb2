import type { ApolloClient } from '@apollo/client';
// Apollo's gql, parsed as the module loads: session/ imports nothing of the app (api/gql.ts sits above it), and
// its documents are read as the app starts.
import { gql, type TypedDocumentNode } from '@apollo/client';
import { readStorage, writeStorage } from './storage';

/**
 * This browser's guest identity, signed by the server (issueGuestIdentity) and kept here: its token goes with
 * every request as X-Guest-Identity, and its id tells which photos this browser uploaded (Photo.uploaderId).
 * Nothing else identifies a guest.
 */
export const GUEST_IDENTITY_STORAGE_KEY = 'galleryGuestIdentity';
const GUEST_IDENTITY_HEADER = 'X-Guest-Identity';

interface KeptIdentity {
  token: string;
  id: string;
}

export const ISSUE_GUEST_IDENTITY: TypedDocumentNode<{ issueGuestIdentity: KeptIdentity }> = gql`
  mutation IssueGuestIdentity {
    issueGuestIdentity {
      token
      id
    }
  }
`;

function kept(): KeptIdentity | null {
  const stored = readStorage(GUEST_IDENTITY_STORAGE_KEY);
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<KeptIdentity>;
    return typeof value.token === 'string' && typeof value.id === 'string'
      ? { token: value.token, id: value.id }
      : null;
  } catch {
    return null;
  }
}

/** The header that carries the kept identity; none when this browser has none yet. */
export function guestIdentityHeader(): Record<string, string> {
  const identity = kept();
  return identity ? { [GUEST_IDENTITY_HEADER]: identity.token } : {};
}

/** The kept identity's token (what the live socket presents too), or null. */
export function guestIdentityToken(): string | null {
  return kept()?.token ?? null;
}

const issuedListeners = new Set<() => void>();

/** Calls `listener` once this browser is given an identity (the live socket then opens again with it). */
export function onGuestIdentityIssued(listener: () => void): void {
  issuedListeners.add(listener);
}

/** The id of this browser's guest identity, or null. */
export function myGuestId(): string | null {
  return kept()?.id ?? null;
}

let issuing: Promise<void> | null = null;

/**
 * Makes sure this browser has a guest identity before its first gallery and its uploads (one request, once per
 * browser). Never throws: should the server not answer, the browser goes on without one (its uploads cannot be
 * deleted by their guest, and its tries count as its address's).
 */
export function ensureGuestIdentity(client: ApolloClient): Promise<void> {
  if (kept()) return Promise.resolve();
  issuing ??= client
    .mutate({ mutation: ISSUE_GUEST_IDENTITY })
    .then((result) => {
      const identity = result.data?.issueGuestIdentity;
      if (!identity) return;
      writeStorage(GUEST_IDENTITY_STORAGE_KEY, JSON.stringify(identity));
      issuedListeners.forEach((listener) => listener());
    })
    .catch(() => undefined)
    .finally(() => {
      issuing = null;
    });
  return issuing;
}
