import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
} from 'graphql';
import type { LivePhoto } from '@gallery/contracts';

/** What the subscription source stream yields: the event itself is the root value of the selection. */
export interface PhotoAddedEvent {
  photoAdded: LivePhoto;
}

const nonNull = (type: GraphQLScalarType) => ({ type: new GraphQLNonNull(type) });

/**
 * The schema graphql-ws serves. Its types carry the supergraph's own names and fields (see docs/api.graphql),
 * so Apollo Client merges a live photo into the same cache entry a query returned.
 */
export function buildLiveSchema(
  listen: (eventCode: string) => AsyncIterable<PhotoAddedEvent>,
): GraphQLSchema {
  const photo = new GraphQLObjectType({
    name: 'Photo',
    fields: {
      id: nonNull(GraphQLID),
      eventCode: nonNull(GraphQLString),
      thumbnailUrl: nonNull(GraphQLString),
      previewUrl: nonNull(GraphQLString),
      originalUrl: nonNull(GraphQLString),
      width: nonNull(GraphQLInt),
      height: nonNull(GraphQLInt),
      createdAt: nonNull(GraphQLString),
    },
  });

  return new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        live: {
          type: new GraphQLNonNull(GraphQLBoolean),
          description:
            'Always true. Queries and mutations go over HTTP POST /graphql; this socket serves subscriptions.',
          resolve: () => true,
        },
      },
    }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        photoAdded: {
          type: new GraphQLNonNull(photo),
          args: { eventCode: { type: new GraphQLNonNull(GraphQLString) } },
          subscribe: (_root, args: { eventCode: string }) => listen(args.eventCode),
        },
      },
    }),
  });
}
