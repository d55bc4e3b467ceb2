import { describe, expect, it } from '@jest/globals';
import { Supergraph } from './supergraph.js';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

describe('Supergraph', () => {
  it('turns off Apollo Gateway reporting to Apollo before the gateway is made', () => {
    delete process.env.APOLLO_TELEMETRY_DISABLED;
    new Supergraph({
      subgraphs: [{ name: 'events', url: 'http://127.0.0.1:9/graphql' }],
      pollIntervalMs: 10_000,
      retry: { initialMs: 1000, maxMs: 1000 },
      production: true,
      logger: quiet,
    });
    expect(process.env.APOLLO_TELEMETRY_DISABLED).toBe('true');
  });
});
