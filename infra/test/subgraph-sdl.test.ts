import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  SHIPPED_SUPERGRAPH_FILE,
  SUBGRAPH_NAMES,
  subgraphSdlFile,
  supergraphOfCommittedSdls,
} from '../../gateway/src/supergraph/shipped-supergraph.js';
// @ts-expect-error plain ESM module shared with `npm start`
import { servedSdl, subgraphUrls } from '../subgraph-sdl.mjs';
import { startProductTest, type ProductTest } from '../../web/e2e/product-test.js';

// The gateway ships a supergraph composed when it is built, from the subgraphs' SDLs kept in gateway/subgraphs/:
// both must be what the services really serve, or a gateway would route fields that no longer exist. Under npm test,
// the services of the product the browser tests share, built from the same checkout.

describe('the supergraph the gateway ships with', () => {
  it('is the composition of the SDLs in gateway/subgraphs (npm run build composes it again)', () => {
    expect(existsSync(SHIPPED_SUPERGRAPH_FILE)).toBe(true);
    expect(readFileSync(SHIPPED_SUPERGRAPH_FILE, 'utf8')).toBe(supergraphOfCommittedSdls());
  });

  describe('against the running services', () => {
    let running: ProductTest | undefined;

    beforeAll(async () => {
      running = await startProductTest();
    }, 180_000);

    afterAll(async () => {
      await running?.stop();
    }, 60_000);

    it.each(SUBGRAPH_NAMES)(
      "keeps %s's SDL as its service serves it (npm run subgraph-sdl writes it again)",
      async (name) => {
        const urls = subgraphUrls(running!.product.ports) as Record<string, string>;
        expect(readFileSync(subgraphSdlFile(name), 'utf8')).toBe(await servedSdl(urls[name]));
      },
    );
  });
});
