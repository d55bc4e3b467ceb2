// What `npm start` does when one of the product's processes exits unasked: start it again, as Kubernetes restarts
// a container, instead of stopping the whole product. Node built-ins only: loaded before `npm install` has run.

/**
 * The wait before each restart: 1 s after the first exit, twice as long after each exit in a row, at most 30 s
 * (Kubernetes' CrashLoopBackOff doubles from 10 s to 5 minutes; a wedding cannot wait that long). A run that
 * lasted a minute counts as recovered: the next exit waits 1 s again.
 */
export const RESTART_BACKOFF = Object.freeze({ initialMs: 1000, maxMs: 30_000, resetAfterMs: 60_000 });

/**
 * @typedef {object} Supervised A process as the supervisor sees it.
 * @property {Promise<{ code: number | null, signal: string | null }>} exited Resolves when it ends.
 * @property {boolean} stopping True once its owner asked it to stop: that exit is not restarted.
 */

/**
 * Watches `first` and each process `launch` makes after it: one that exits unasked is launched again after the
 * back-off, for as long as it takes (a service that keeps crashing keeps being retried), each restart said.
 *
 * @param {object} options
 * @param {string} options.name What the messages call it.
 * @param {Supervised} options.first The process already running.
 * @param {() => Supervised} options.launch Starts it again.
 * @param {(line: string) => void} options.say
 * @param {{ initialMs: number, maxMs: number, resetAfterMs: number }} [options.backoff]
 * @param {() => number} [options.now] The clock runs are timed by (tests).
 * @returns {{ stop(): void }} Ends the restarts; the process running then is its owner's to stop.
 */
export function restartOnExit({ name, first, launch, say, backoff = RESTART_BACKOFF, now = Date.now }) {
  let stopped = false;
  let wake = () => undefined;
  const pause = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  void (async () => {
    let current = first;
    let startedAt = now();
    let delayMs = backoff.initialMs;
    for (;;) {
      const exit = await current.exited;
      if (stopped || current.stopping) return;
      if (now() - startedAt >= backoff.resetAfterMs) delayMs = backoff.initialMs;
      say(`${name} exited (${exit.signal ?? `code ${exit.code}`}); restarting it in ${seconds(delayMs)}`);
      await pause(delayMs);
      if (stopped) return;
      delayMs = Math.min(backoff.maxMs, delayMs * 2);
      current = launch();
      startedAt = now();
    }
  })();

  return {
    stop() {
      stopped = true;
      wake();
    },
  };
}

function seconds(ms) {
  return `${ms / 1000} s`;
}
