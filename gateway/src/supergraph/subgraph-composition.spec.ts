import { describe, expect, it } from '@jest/globals';
import type { GraphQLDataSource, SupergraphManager } from '@apollo/gateway';
import { SubgraphComposition } from './subgraph-composition.js';

type Hooks = Parameters<SupergraphManager['initialize']>[0];

const FEDERATION = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.0", import: ["@key"])';
const sdl = (fields: string) => `${FEDERATION}\ntype Query { ${fields} }`;

/** Subgraphs whose answers the test sets: an SDL, or an error as a stopped service gives. */
function subgraphs(answers: Record<string, string | Error>) {
  const asked: string[] = [];
  const dataSource = (name: string): GraphQLDataSource => ({
    async process() {
      asked.push(name);
      const answer = answers[name]!;
      if (answer instanceof Error) throw answer;
      return { data: { _service: { sdl: answer } } };
    },
  });
  return { answers, asked, dataSource };
}

function composition(pollIntervalMs = 60_000) {
  const logged: string[] = [];
  const retries: number[] = [];
  const manager = new SubgraphComposition({
    subgraphs: [
      { name: 'events', url: 'http://events/graphql' },
      { name: 'media', url: 'http://media/graphql' },
    ],
    pollIntervalMs,
    retry: { initialMs: 1, maxMs: 4, onRetry: (_error, delayMs) => retries.push(delayMs) },
    logger: { debug() {}, info() {}, warn() {}, error: (message: string) => logged.push(message) },
  });
  return { manager, logged, retries };
}

function hooks(graph: ReturnType<typeof subgraphs>, updates: string[]): Hooks {
  return {
    update: (supergraphSdl) => updates.push(supergraphSdl),
    healthCheck: async () => {},
    getDataSource: ({ name }) => graph.dataSource(name),
  };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('SubgraphComposition', () => {
  it('composes both subgraphs, asking again with back-off until every one answers', async () => {
    const graph = subgraphs({ events: sdl('gallery: String'), media: new Error('connect ECONNREFUSED') });
    const { manager, retries } = composition();
    const started = manager.initialize(hooks(graph, []));
    // At least three: on a busy machine more retries (every 4 ms) can pass between two looks.
    await until(() => retries.length >= 3);
    graph.answers.media = sdl('photos: [String]');

    const { supergraphSdl, cleanup } = await started;
    expect(retries.slice(0, 3)).toEqual([1, 2, 4]);
    expect(supergraphSdl).toContain('gallery: String');
    expect(supergraphSdl).toContain('photos: [String]');
    await cleanup?.();
  });

  it('composes again when a redeployed subgraph answers a new SDL, and only then', async () => {
    const graph = subgraphs({ events: sdl('gallery: String'), media: sdl('photos: [String]') });
    const updates: string[] = [];
    const { manager } = composition(5);
    const { cleanup } = await manager.initialize(hooks(graph, updates));

    await until(() => graph.asked.length >= 8); // three polls with the same SDLs
    expect(updates).toEqual([]);

    graph.answers.media = sdl('photos: [String] hearts: Int');
    await until(() => updates.length === 1);
    expect(updates[0]).toContain('hearts: Int');
    const asked = graph.asked.length;
    await until(() => graph.asked.length >= asked + 6);
    expect(updates).toHaveLength(1);
    await cleanup?.();
  });

  it('keeps the supergraph it has when a poll fails, says why, and composes once the subgraph is back', async () => {
    const graph = subgraphs({ events: sdl('gallery: String'), media: sdl('photos: [String]') });
    const updates: string[] = [];
    const { manager, logged } = composition(5);
    const { cleanup } = await manager.initialize(hooks(graph, updates));

    graph.answers.media = new Error('connect ECONNREFUSED');
    await until(() => logged.length >= 2);
    expect(logged[0]).toBe(
      'the supergraph was not composed again: subgraph "media" at http://media/graphql gave no SDL: connect ECONNREFUSED',
    );
    graph.answers.media = sdl('photos: [String] gone: Int');
    await until(() => updates.length === 1);
    expect(updates[0]).toContain('gone: Int');

    graph.answers.media = sdl('broken: Nope');
    await until(() => logged.some((message) => message.includes('do not compose')));
    expect(updates).toHaveLength(1);
    await cleanup?.();
  });

  it('stops retrying when the gateway stops before every subgraph answered', async () => {
    const graph = subgraphs({ events: sdl('gallery: String'), media: new Error('connect ECONNREFUSED') });
    const { manager, retries } = composition();
    const started = manager.initialize(hooks(graph, []));
    await until(() => retries.length >= 1);
    manager.stop();
    await expect(started).rejects.toThrow('the gateway stopped before the supergraph was composed');
  });
});
