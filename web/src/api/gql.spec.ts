import { describe, expect, it } from '@jest/globals';
import { ApolloClient, ApolloLink, gql as apolloGql, InMemoryCache } from '@apollo/client';
import { print } from 'graphql';
import { of } from 'rxjs';
import { gql } from './gql';

describe('gql', () => {
  it('parses a document when it is first read, not when it is written', () => {
    const broken = gql`
      query Broken {
        gallery(
    `;
    expect(broken.kind).toBe('Document');
    expect(() => broken.definitions).toThrow(/Syntax Error/);
  });

  it('reads as the document Apollo would parse, its fragments interpolated once each', () => {
    const fields = gql`
      fragment PhotoFields on Photo {
        id
        thumbnailUrl
      }
    `;
    const query = gql`
      query Photos($code: String!) {
        first: photo(code: $code) {
          ...PhotoFields
        }
        second: photo(code: $code) {
          ...PhotoFields
        }
      }
      ${fields}
      ${fields}
    `;
    expect(query.definitions.map((definition) => definition.kind)).toEqual([
      'OperationDefinition',
      'FragmentDefinition',
    ]);
    expect(print(query)).toBe(
      print(apolloGql`
        query Photos($code: String!) {
          first: photo(code: $code) {
            ...PhotoFields
          }
          second: photo(code: $code) {
            ...PhotoFields
          }
        }
        fragment PhotoFields on Photo {
          id
          thumbnailUrl
        }
      `),
    );
  });

  it('serves Apollo as a parsed document does', async () => {
    const sent: string[] = [];
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: new ApolloLink((operation) => {
        sent.push(print(operation.query));
        return of({ data: { gallery: { __typename: 'Gallery', code: 'KXMP7TQR', name: 'Sarah & Mike' } } });
      }),
    });
    const query = gql`
      query Gallery {
        gallery {
          code
          name
        }
      }
    `;
    const { data } = await client.query({ query });
    expect(data).toEqual({ gallery: { __typename: 'Gallery', code: 'KXMP7TQR', name: 'Sarah & Mike' } });
    expect(sent[0]).toContain('__typename');
    // Read again from the cache, through the same document.
    expect(client.readQuery({ query })).toEqual(data);
  });
});
