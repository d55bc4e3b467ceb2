import { useEffect, useSyncExternalStore } from 'react';
import { apolloClient } from '../api/apolloClient';
import { AUTH_TOKEN_KEY, readStorage, removeStorage, writeStorage } from '../storage';
import { ME_QUERY, SIGN_IN, SIGN_OUT, type Owner } from './graphql';

/**
 * The spec's client `user` state: the signed-in owner (their email), null until known. The session token
 * itself is kept under the spec's `authToken` and sent as a bearer token by the Apollo link.
 */
interface UserState {
  user: Owner | null;
  /** True until the stored token has been checked with the server once. */
  checking: boolean;
}

let state: UserState = { user: null, checking: readStorage(AUTH_TOKEN_KEY) !== null };
const listeners = new Set<() => void>();
let checked: Promise<void> | null = null;

function setState(next: UserState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Sets the user (the spec's "set user" action). */
export function setUser(user: Owner | null): void {
  setState({ user, checking: false });
}

/** Asks the server who the stored token belongs to, once per page load (again after a sign-in or out). */
export function checkSession(): Promise<void> {
  if (checked) return checked;
  if (!readStorage(AUTH_TOKEN_KEY)) {
    setUser(null);
    checked = Promise.resolve();
    return checked;
  }
  checked = apolloClient
    .query({ query: ME_QUERY, fetchPolicy: 'network-only' })
    .then((result) => setUser(result.data?.me ?? null))
    .catch(() => setUser(null));
  return checked;
}

/** Keeps a session token received from createGallery, createEvent or signIn, and its owner. */
export function keepSession(token: string, email?: string): void {
  writeStorage(AUTH_TOKEN_KEY, token);
  checked = null;
  if (email) {
    checked = Promise.resolve();
    setUser({ email });
  } else void checkSession();
}

/** Trades a mailed sign-in link's token for a session. Throws the API error when the link is refused. */
export async function signInWithLink(linkToken: string): Promise<void> {
  const result = await apolloClient.mutate({ mutation: SIGN_IN, variables: { token: linkToken } });
  const session = result.data?.signIn;
  if (!session) throw new Error('signIn gave no session');
  await apolloClient.clearStore();
  keepSession(session.token, session.email);
}

/** Ends the session on the server too, then forgets it here. */
export async function signOut(): Promise<void> {
  await apolloClient.mutate({ mutation: SIGN_OUT }).catch(() => undefined);
  removeStorage(AUTH_TOKEN_KEY);
  checked = Promise.resolve();
  setUser(null);
  await apolloClient.clearStore();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in owner, and whether that is still being checked. */
export function useUser(): UserState {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  useEffect(() => {
    void checkSession();
  }, []);
  return current;
}
