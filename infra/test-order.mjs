// The order Jest starts test files in. Jest runs first the files it has no timing of, the largest first: on a fresh
// clone (every CI run) that is file size alone, and a short browser test that takes four minutes could start last
// while the other worker sits idle. Without timings, browser tests go first, then integration tests, then unit
// specs, each kind largest first, so the run ends on files of seconds. With timings (a second run on the same
// checkout), Jest's own order: failed first, then the slowest.
import Sequencer from '@jest/test-sequencer';

const BaseSequencer = Sequencer.default ?? Sequencer;

/** Browser tests, then integration tests, then unit specs. */
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
      .sort((a, b) => kindOf(a.test.path) - kindOf(b.test.path) || a.index - b.index)
      .map(({ test }) => test);
  }
}
