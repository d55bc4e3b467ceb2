import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { isSubscriptionOperation } from '@apollo/client/utilities';
import { liveClient } from './liveConnection';
import { photoLinksHereLink } from './photoLinksHere';
import { queryTimeoutLink } from './queryTimeout';
import { apiFetch } from './request';

/**
 * Every query and mutation goes through apiFetch: the gateway's origin (apiOrigin), bearer token, credentials,
 * "status: body" errors.
 */
const httpLink = new HttpLink({ uri: '/graphql', fetch: apiFetch });

const link = ApolloLink.from([
  photoLinksHereLink,
  ApolloLink.split(
    (operation) => isSubscriptionOperation(operation.query),
    new GraphQLWsLink(liveClient),
    ApolloLink.from([queryTimeoutLink(), httpLink]),
  ),
]);

/**
 * No RetryLink (nothing is retried here: each caller decides what a lost answer means; a query's wait for one
 * ends, queryTimeoutLink) and no refetch event manager (nothing refetches on window focus or by interval).
 */
export const apolloClient = new ApolloClient({
  link,
  cache: new InMemoryCache({
    typePolicies: {
      Event: { keyFields: ['code'] },
    },
  }),
});
