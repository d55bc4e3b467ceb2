import { gql as parseGql } from '@apollo/client';
import { Kind, type DocumentNode } from 'graphql';

/**
 * The app's GraphQL documents, parsed when first read rather than when their module loads. A gallery's code holds
 * some sixty documents (mutations, dialogs, the couple's settings) and the page needs a dozen to open; parsing every
 * one in the task that loads the code made that task one of the page's longest on a phone. The document is parsed
 * by Apollo's own `gql` (graphql-tag: its fragments interpolated and deduplicated, its cache) the first time
 * Apollo, or a document that interpolates it, reads its definitions or its source.
 */
export function gql(literals: string | readonly string[], ...args: unknown[]): DocumentNode {
  let parsed: DocumentNode | undefined;
  const parse = () => (parsed ??= parseGql(literals, ...args));
  return Object.defineProperties({ kind: Kind.DOCUMENT } as DocumentNode, {
    definitions: { enumerable: true, get: () => parse().definitions },
    loc: { enumerable: true, get: () => parse().loc },
  });
}
