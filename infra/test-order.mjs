// The order Jest starts test files in. Jest runs first the files it has no timing of, the largest first: on a fresh
// clone (every CI run) that is file size alone, and a short browser test that takes four minutes could start last
// while the other worker sits idle. Without timings, browser tests go first, then integration tests, then unit
// specs, each kind largest first, so the run ends on files of seconds. With timings (a second run on the same
// checkout), Jest's own order: failed first, then the slowest. Size says little of a file's time, though: the
// files that took longest in a full run (the `slowest files:` line npm test prints) start first, so that neither
// of the two workers ends on one of them while the other has nothing left to run.
import Sequencer from '@jest/test-sequencer';

const BaseSequencer = Sequencer.default ?? Sequencer;

/** The files of a full run that took longest, from the repository's root, longest first. */
export const SLOWEST_FILES = [
  'web/e2e/site.e2e.ts',
  'web/e2e/fit.e2e.ts',
  'web/e2e/resumable-uploads.e2e.ts',
  'infra/test/product.test.ts',
  'services/backup/test/hung-drives.test.ts',
  'web/e2e/large-gallery.e2e.ts',
  'services/backup/test/backup.test.ts',
  'web/e2e/upload-wait.e2e.ts',
  'web/e2e/backup-oauth.e2e.ts',
  'packages/local-servers/src/local-servers.spec.ts',
];
const slowRank = (path) => {
  const rank = SLOWEST_FILES.findIndex((file) => path.endsWith(`/${file}`));
  return rank < 0 ? SLOWEST_FILES.length : rank;
};

/** After the slowest files: browser tests, then integration tests, then unit specs. */
const KINDS = [/\/e2e\/[^/]+\.e2e\.ts$/, /\/test\/[^/]+\.test\.ts$/];
const kindOf = (path) => {
  const kind = KINDS.findIndex((pattern) => pattern.test(path));
  return kind < 0 ? KINDS.length : kind;
};

export default class TestOrder extends BaseSequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    // Stable: within a kind, Jest's order (failed first, then largest first) stays.
    return sorted
      .map((test, index) => ({ test, index }))
      .sort(
        (a, b) =>
          slowRank(a.test.path) - slowRank(b.test.path) ||
          kindOf(a.test.path) - kindOf(b.test.path) ||
          a.index - b.index,
      )
      .map(({ test }) => test);
  }
}
