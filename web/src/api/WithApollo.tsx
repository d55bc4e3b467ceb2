import { lazy, type ReactNode } from 'react';

/**
 * The GraphQL client, loaded with the first page that talks to the API: the home and information pages never
 * do, so their first load carries no Apollo, graphql or graphql-ws code.
 */
const ApolloRoot = lazy(() => import('./ApolloRoot').then((module) => ({ default: module.ApolloRoot })));

export function WithApollo({ children }: { children: ReactNode }) {
  return <ApolloRoot>{children}</ApolloRoot>;
}
