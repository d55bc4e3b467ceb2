import {
  GraphQLBoolean,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfigMap,
} from 'graphql';
import { isGalleryCode, normalizeEventCode, type LivePhoto } from '@gallery/contracts';
import { AppError } from '@gallery/platform';
import { photoType } from './photo-type.js';

/** What the subscription source stream yields: the event itself is the root value of the selection. */
export interface PhotoAddedEvent {
  photoAdded: LivePhoto;
}

/** What the subscribe resolver needs of the socket: a way to make its client re-read when it falls behind. */
export interface LiveContext {
  fellBehind(): void;
}

export type Listen = (eventCode: string, fellBehind: () => void) => AsyncIterable<PhotoAddedEvent>;

/**
 * The schema graphql-ws serves. Its types carry the supergraph's own names and fields (see docs/api.graphql),
 * so Apollo Client merges a live photo into the same cache entry a query returned.
 */
export function buildLiveSchema(
  listen: Listen,
  /** Further subscription fields (zip progress...), each fed by a topic of its own. */
  extraSubscriptions: GraphQLFieldConfigMap<unknown, LiveContext> = {},
): GraphQLSchema {
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
          type: new GraphQLNonNull(photoType()),
          args: { eventCode: { type: new GraphQLNonNull(GraphQLString) } },
          subscribe: (_root, args: { eventCode: string }, context: LiveContext) => {
            // A code no gallery can have is refused as the queries refuse it, before anything listens.
            const code = normalizeEventCode(args.eventCode);
            if (!isGalleryCode(code)) throw new AppError('GALLERY_NOT_FOUND');
            return listen(code, () => context.fellBehind());
          },
        },
        ...extraSubscriptions,
      },
    }),
  });
}
