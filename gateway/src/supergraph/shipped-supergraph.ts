import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';

/** The subgraphs the gateway federates, in the order it composes them. */
export const SUBGRAPH_NAMES = ['events', 'media', 'billing', 'download', 'backup', 'faces'] as const;
export type SubgraphName = (typeof SUBGRAPH_NAMES)[number];

// src/supergraph/ and dist/supergraph/ both sit two levels below the gateway package.
const GATEWAY_DIR = new URL('../../', import.meta.url);

/**
 * Each subgraph's SDL as its service serves it (`_service { sdl }`), kept in the tree: the services build their
 * schemas from code at start, which needs their database. infra/test/subgraph-sdl.test.ts holds each file to
 * what the running service answers; `npm run subgraph-sdl` writes them again from the services.
 */
export function subgraphSdlFile(name: SubgraphName): string {
  return fileURLToPath(new URL(`subgraphs/${name}.graphql`, GATEWAY_DIR));
}

/** The supergraph composed when the gateway is built, shipped in its build output (and so in its image). */
export const SHIPPED_SUPERGRAPH_FILE = fileURLToPath(new URL('dist/supergraph.graphql', GATEWAY_DIR));

/**
 * Where a subgraph of the shipped supergraph is said to answer: an address that never resolves (`.invalid`).
 * The gateway calls each subgraph at the URL it is configured with (EVENTS_URL, ...); one left unconfigured
 * fails its own fields fast instead of reaching anywhere.
 */
export function unconfiguredSubgraphUrl(name: string): string {
  return `http://${name}.subgraph.invalid/graphql`;
}

/** The supergraph of `subgraphs`, or an error naming every composition problem. */
export function composeSupergraph(subgraphs: { name: string; url: string; sdl: string }[]): string {
  const result = composeServices(
    subgraphs.map(({ name, url, sdl }) => ({ name, url, typeDefs: parse(sdl) })),
  );
  if (result.errors) {
    throw new Error(`the subgraphs do not compose: ${result.errors.map((e) => e.message).join('; ')}`);
  }
  return result.supergraphSdl;
}

/** The supergraph of the SDLs kept in the tree: what the build ships. */
export function supergraphOfCommittedSdls(): string {
  return composeSupergraph(
    SUBGRAPH_NAMES.map((name) => ({
      name,
      url: unconfiguredSubgraphUrl(name),
      sdl: readFileSync(subgraphSdlFile(name), 'utf8'),
    })),
  );
}
