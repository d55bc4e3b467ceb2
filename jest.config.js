// One Jest for the whole tree, in ESM mode (NestJS 12 is ESM-only). Workspace packages resolve to their
// sources so tests never run against a stale build.
const swc = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
  },
  module: { type: 'es6' },
};

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  transformIgnorePatterns: ['/node_modules/'],
  moduleNameMapper: {
    '^@gallery/(contracts|platform|local-servers|testing)$': '<rootDir>/packages/$1/src/index.ts',
    '^@gallery/platform/edge$': '<rootDir>/packages/platform/src/edge.ts',
    '^@gallery/platform/observability$': '<rootDir>/packages/platform/src/observability/index.ts',
    '^@gallery/platform/event-bus$': '<rootDir>/packages/platform/src/events/event-bus.ts',
    '^@gallery/platform/telemetry$': '<rootDir>/packages/platform/src/observability/start-telemetry.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.css$': '<rootDir>/packages/testing/src/style-stub.ts',
  },
  testMatch: [
    '<rootDir>/**/src/**/*.spec.ts',
    '<rootDir>/**/test/**/*.test.ts',
    '<rootDir>/**/e2e/**/*.e2e.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.data/'],
  // Hooks start several real servers and services: on a loaded 2-core machine that alone can pass a minute.
  testTimeout: 120000,
  maxWorkers: 2,
  testSequencer: '<rootDir>/infra/test-order.mjs',
};
