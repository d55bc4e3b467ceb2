import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { isSubscriptionOperation } from '@apollo/client/utilities';
import { authorizationHeader } from '../storage';
import { liveClient } from './liveConnection';

const httpLink = new HttpLink({ uri: '/graphql', credentials: 'include' });

const authLink = new SetContextLink((context) => ({
  headers: { ...context.headers, ...authorizationHeader() },
}));

const link = ApolloLink.split(
  (operation) => isSubscriptionOperation(operation.query),
  new GraphQLWsLink(liveClient),
  authLink.concat(httpLink),
);

/**
 * No RetryLink (queries and mutations are never retried) and no refetch event manager (nothing refetches on
 * window focus or by interval).
 */
export const apolloClient = new ApolloClient({
  link,
  cache: new InMemoryCache({
    typePolicies: {
      Event: { keyFields: ['code'] },
    },
  }),
});
