import { describe, expect, it } from '@jest/globals';
import { GraphQLFloat, GraphQLInt, printType, type GraphQLEnumType, type GraphQLNonNull } from 'graphql';
import { z } from 'zod';
import { graphqlScalarFor, photoType } from './photo-type.js';

describe('photoType', () => {
  it("is the media subgraph's Photo, field for field, built from the photo contract", () => {
    expect(printType(photoType())).toBe(
      [
        'type Photo {',
        '  id: ID!',
        '  eventCode: String!',
        '  thumbnailUrl: String!',
        '  previewUrl: String!',
        '  originalUrl: String!',
        '  width: Int!',
        '  height: Int!',
        '  createdAt: String!',
        '  kind: MediaKind!',
        '  durationSeconds: Float',
        '  guestName: String',
        '  challengeId: ID',
        '  tableNumber: Int',
        '  uploaderId: String',
        '  heartCount: Int',
        '}',
      ].join('\n'),
    );
  });

  it('keeps the contract values of the media kind, as the media subgraph does', () => {
    const kind = photoType().getFields().kind.type;
    expect(printType((kind as GraphQLNonNull<GraphQLEnumType>).ofType)).toBe(
      ['enum MediaKind {', '  photo', '  video', '}'].join('\n'),
    );
  });
});

describe('graphqlScalarFor', () => {
  it('gives a whole number Int and any other number Float', () => {
    expect(graphqlScalarFor(z.number().int())).toBe(GraphQLInt);
    expect(graphqlScalarFor(z.number())).toBe(GraphQLFloat);
  });

  it('refuses a contract field it has no GraphQL type for, rather than guessing one', () => {
    expect(() => graphqlScalarFor(z.array(z.string()))).toThrow('no GraphQL type for a array contract field');
    expect(() => graphqlScalarFor(z.boolean())).toThrow('no GraphQL type for a boolean contract field');
  });
});
