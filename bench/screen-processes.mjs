// @ts-check
// The processes of bench/live-screens.mjs as their parent drives them: each holds its share of the open
// gallery screens (raw sockets) and tells when each photo reached them.
import { fork } from 'node:child_process';
import { sleep } from './bench-run.mjs';

/**
 * Starts `count` screen processes, pushing the stop of each onto `cleanups`. Each answers `open(screens)` once
 * its screens are open, `report()` with what they received since the last report, `record(on)` once
 * recording is switched (bench/live-screens.mjs says what each message holds).
 */
export function startScreens(count, cleanups) {
  return Array.from({ length: count }, () => {
    const child = fork(new URL('./live-screens.mjs', import.meta.url), [], { stdio: 'inherit' });
    const waiting = new Map();
    child.on('message', (/** @type {any} */ message) => {
      waiting.get(message.type)?.(message);
      waiting.delete(message.type);
    });
    const ask = (message, answer) =>
      new Promise((resolve) => {
        waiting.set(answer, resolve);
        child.send(message);
      });
    cleanups.push(async () => {
      if (child.connected) child.send({ type: 'close' });
      await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(5000)]);
      child.kill('SIGKILL');
    });
    return {
      /** @returns {Promise<any>} */
      open: (screens) => ask({ type: 'open', screens }, 'opened'),
      /** @returns {Promise<any>} */
      report: () => ask({ type: 'report' }, 'report'),
      record: (on) => ask({ type: 'record', on }, 'recording'),
    };
  });
}
