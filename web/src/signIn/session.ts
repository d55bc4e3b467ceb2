import { useCallback, useEffect, useMemo, useState } from 'react';
import { getQueryData } from '../api/request';
import { forgetOwnerToken, keepOwnerToken, ownerToken } from '../session/ownerToken';
import { useAppState } from '../state/AppStateProvider';
import type { User } from '../state/appState';
import { SIGN_IN, SIGN_OUT } from './graphql';

// The signed-in owner is the spec's client `user` state, kept in the app state (setUser); the session token is
// kept under the spec's `authToken` and sent as a bearer token. Who the token belongs to is a plain GET of the
// gateway's /api/session, so the header shows the sign-in state on every page without the GraphQL client; that
// loads with the first sign-in or sign-out.
const graphqlClient = () => import('../api/apolloClient').then((module) => module.apolloClient);

/** Who the stored token belongs to, asked of the server once per page load (again after a sign-in or out). */
let storedTokenOwner: Promise<User | null> | null = null;

function whoIsSignedIn(): Promise<User | null> {
  const token = ownerToken();
  if (!token) return Promise.resolve(null);
  storedTokenOwner ??= getQueryData<User>(['/api/session']).then(
    (owner) => {
      // 401: the token is unknown, expired or signed out; it proves nothing, so it is not sent again. (Unless a
      // sign-in replaced it meanwhile.)
      if (owner === null && ownerToken() === token) forgetOwnerToken();
      return owner;
    },
    // The server did not answer (or refused the client for now): signed out on this page, token kept.
    () => null,
  );
  return storedTokenOwner;
}

/** The signed-in owner, and whether the stored token is still being checked with the server. */
export function useUser(): { user: User | null; checking: boolean } {
  const { state, dispatch } = useAppState();
  const [checking, setChecking] = useState(() => ownerToken() !== null);
  useEffect(() => {
    let current = true;
    void whoIsSignedIn().then((owner) => {
      if (!current) return;
      dispatch({ type: 'setUser', user: owner });
      setChecking(false);
    });
    return () => {
      current = false;
    };
  }, [dispatch]);
  return { user: state.user, checking: checking && state.user === null };
}

/** Signing in and out: each keeps the token under `authToken` and the owner in the app state together. */
export function useSessionActions() {
  const { dispatch } = useAppState();

  /** Keeps a session token received from createGallery, createEvent or signIn, and its owner. */
  const keepSession = useCallback(
    (token: string, email?: string) => {
      keepOwnerToken(token);
      storedTokenOwner = email ? Promise.resolve({ email }) : null;
      void whoIsSignedIn().then((owner) => dispatch({ type: 'setUser', user: owner }));
    },
    [dispatch],
  );

  /** Trades a mailed sign-in link's token for a session. Throws the API error when the link is refused. */
  const signInWithLink = useCallback(
    async (linkToken: string) => {
      const client = await graphqlClient();
      const result = await client.mutate({ mutation: SIGN_IN, variables: { token: linkToken } });
      const session = result.data?.signIn;
      if (!session) throw new Error('signIn gave no session');
      await client.clearStore();
      keepSession(session.token, session.email);
    },
    [keepSession],
  );

  /** Ends the session on the server too, then forgets it here. */
  const signOut = useCallback(async () => {
    const client = await graphqlClient();
    await client.mutate({ mutation: SIGN_OUT }).catch(() => undefined);
    forgetOwnerToken();
    storedTokenOwner = Promise.resolve(null);
    dispatch({ type: 'setUser', user: null });
    await client.clearStore();
  }, [dispatch]);

  return useMemo(() => ({ keepSession, signInWithLink, signOut }), [keepSession, signInWithLink, signOut]);
}
