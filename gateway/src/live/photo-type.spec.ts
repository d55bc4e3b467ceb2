import { describe, expect, it } from '@jest/globals';
import { printType } from 'graphql';
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
        '}',
      ].join('\n'),
    );
  });
});

describe('graphqlScalarFor', () => {
  it('refuses a contract field it has no GraphQL type for, rather than guessing one', () => {
    expect(() => graphqlScalarFor(z.number())).toThrow('no GraphQL type for a number contract field');
    expect(() => graphqlScalarFor(z.boolean())).toThrow('no GraphQL type for a boolean contract field');
  });
});
