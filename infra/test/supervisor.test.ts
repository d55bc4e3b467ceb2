import { spawn } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';
import { waitFor } from '@gallery/testing';
// @ts-expect-error plain ESM module shared with `npm start`
import { restartOnExit } from '../supervisor.mjs';

// `npm start` restarts a process that exits (infra/product.mjs with RESTART_BACKOFF): here with small scripts
// instead of the services, and a back-off of milliseconds.

interface Supervised {
  pid: number;
  exited: Promise<{ code: number | null; signal: string | null }>;
  stopping: boolean;
  stop(): void;
}

/** A Node process running `script`, in the shape restartOnExit watches. */
function run(script: string): Supervised {
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  const process_: Supervised = {
    pid: child.pid!,
    stopping: false,
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    stop() {
      process_.stopping = true;
      child.kill('SIGTERM');
    },
  };
  return process_;
}

const STAYS_UP = 'setInterval(() => {}, 60000)';
const EXITS_AT_ONCE = 'process.exit(3)';
const BACKOFF = { initialMs: 5, maxMs: 20, resetAfterMs: 60_000 };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('restartOnExit', () => {
  it('starts a killed service again and says so', async () => {
    const runs = [run(STAYS_UP)];
    const said: string[] = [];
    const supervisor = restartOnExit({
      name: 'media',
      first: runs[0],
      launch: () => runs[runs.push(run(STAYS_UP)) - 1],
      say: (line: string) => said.push(line),
      backoff: BACKOFF,
    });
    try {
      process.kill(runs[0].pid, 'SIGKILL');
      await waitFor('a second run', async () => runs.length === 2);

      expect(alive(runs[1].pid)).toBe(true);
      expect(runs[1].pid).not.toBe(runs[0].pid);
      expect(said).toEqual(['media exited (SIGKILL); restarting it in 0.005 s']);
    } finally {
      supervisor.stop();
      runs.forEach((one) => one.stop());
    }
  });

  it('keeps retrying a service that crashes at once, waiting twice as long each time up to the ceiling', async () => {
    const runs = [run(EXITS_AT_ONCE)];
    const said: string[] = [];
    const supervisor = restartOnExit({
      name: 'billing',
      first: runs[0],
      launch: () => runs[runs.push(run(EXITS_AT_ONCE)) - 1],
      say: (line: string) => said.push(line),
      backoff: BACKOFF,
    });
    try {
      await waitFor('five exits', async () => said.length >= 5);

      expect(said.slice(0, 5)).toEqual(
        ['0.005', '0.01', '0.02', '0.02', '0.02'].map(
          (wait) => `billing exited (code 3); restarting it in ${wait} s`,
        ),
      );
    } finally {
      supervisor.stop();
      runs.forEach((one) => one.stop());
    }
  });

  it('waits the shortest time again after a run that lasted long enough', async () => {
    let clock = 0;
    const runs = [run(EXITS_AT_ONCE)];
    const said: string[] = [];
    const supervisor = restartOnExit({
      name: 'events',
      first: runs[0],
      launch: () => {
        const next = run(EXITS_AT_ONCE);
        // The third run stays up past resetAfterMs: the clock moves on as it exits, before the supervisor sees it.
        if (runs.length === 2) void next.exited.then(() => (clock += BACKOFF.resetAfterMs));
        return runs[runs.push(next) - 1];
      },
      say: (line: string) => said.push(line),
      backoff: BACKOFF,
      now: () => clock,
    });
    try {
      await waitFor('four exits', async () => said.length >= 4);

      expect(said.slice(0, 4).map((line) => /in ([\d.]+) s$/.exec(line)![1])).toEqual([
        '0.005',
        '0.01',
        '0.005',
        '0.01',
      ]);
    } finally {
      supervisor.stop();
      runs.forEach((one) => one.stop());
    }
  });

  it('never restarts a process its owner stopped, nor after stop()', async () => {
    const runs = [run(STAYS_UP)];
    const said: string[] = [];
    const supervisor = restartOnExit({
      name: 'gateway',
      first: runs[0],
      launch: () => runs[runs.push(run(STAYS_UP)) - 1],
      say: (line: string) => said.push(line),
      backoff: BACKOFF,
    });
    runs[0].stop();
    await runs[0].exited;
    supervisor.stop();
    const second = run(EXITS_AT_ONCE);
    const third = restartOnExit({
      name: 'download',
      first: second,
      launch: () => runs[runs.push(run(STAYS_UP)) - 1],
      say: (line: string) => said.push(line),
      backoff: { ...BACKOFF, initialMs: 50 },
    });
    // Stopped during its wait: the exit is said, the restart never comes.
    await waitFor('the exit to be seen', async () => said.length === 1);
    third.stop();
    await second.exited;
    // Whatever the supervisor does once woken runs before the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));

    expect(said).toEqual(['download exited (code 3); restarting it in 0.05 s']);
    expect(runs).toHaveLength(1);
  });
});
