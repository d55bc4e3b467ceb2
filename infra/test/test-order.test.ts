import { describe, expect, it } from '@jest/globals';
// @ts-expect-error plain ESM module Jest loads as its testSequencer
import TestOrder from '../test-order.mjs';

interface FakeTest {
  path: string;
  duration?: number;
  context: { config: { cacheDirectory: string; name: string }; hasteFS: { getSize(path: string): number } };
}

const sizes: Record<string, number> = {
  '/r/packages/contracts/src/big.spec.ts': 90_000,
  '/r/services/media/test/media.test.ts': 60_000,
  '/r/web/e2e/fit.e2e.ts': 10_000,
  '/r/web/e2e/site.e2e.ts': 20_000,
  '/r/gateway/test/small.test.ts': 5_000,
  '/r/infra/test/product.test.ts': 4_000,
  '/r/web/src/gallery/tile.spec.ts': 3_000,
};
const context = {
  config: { cacheDirectory: '/nonexistent-jest-cache', name: 'order-test' },
  hasteFS: { getSize: (path: string) => sizes[path] },
};
const tests = (): FakeTest[] => Object.keys(sizes).map((path) => ({ path, context }));

describe('the order Jest starts test files in', () => {
  it('runs the slowest files of a full run, then browser tests, then integration tests, then unit specs, each kind largest first, without timings', () => {
    const order = new TestOrder().sort(tests()).map((test: FakeTest) => test.path);
    expect(order).toEqual([
      '/r/web/e2e/site.e2e.ts',
      '/r/web/e2e/fit.e2e.ts',
      '/r/infra/test/product.test.ts',
      '/r/services/media/test/media.test.ts',
      '/r/gateway/test/small.test.ts',
      '/r/packages/contracts/src/big.spec.ts',
      '/r/web/src/gallery/tile.spec.ts',
    ]);
  });
});
