import { describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { PeriodicTask } from './periodic-task.js';

/** A promise and the function that settles it, so a test decides when a run ends. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

const quietLogger = { warn: () => {} } as unknown as Logger;

describe('PeriodicTask', () => {
  it('runs at once when started so, and then once an interval', async () => {
    let started = 0;
    const task = new PeriodicTask(
      'eager task',
      60 * 60 * 1000,
      async () => {
        started++;
      },
      quietLogger,
    );
    task.start(0);
    await until(() => started === 1);
    await task.stop();
    expect(started).toBe(1);
  });

  it('never starts a run while the previous one is still going', async () => {
    let started = 0;
    let running = 0;
    let mostAtOnce = 0;
    const gates = [gate(), gate(), gate()];
    const task = new PeriodicTask(
      'slow task',
      1,
      async () => {
        const mine = gates[started++];
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        await mine?.promise;
        running--;
      },
      quietLogger,
    );
    task.start();
    await until(() => started === 1);
    // Many 1 ms intervals pass while the first run is held open: none of them starts a second run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toBe(1);
    gates[0].open();
    await until(() => started === 2);
    gates[1].open();
    await until(() => started === 3);
    const stopping = task.stop();
    gates[2].open();
    await stopping;
    expect(mostAtOnce).toBe(1);
  });

  it('waits for the run in progress when stopped, and runs no more after', async () => {
    let started = 0;
    let finished = 0;
    const held = gate();
    const task = new PeriodicTask(
      'held task',
      1,
      async () => {
        started++;
        await held.promise;
        finished++;
      },
      quietLogger,
    );
    task.start();
    await until(() => started === 1);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    held.open();
    await stopping;
    expect(finished).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toBe(1);
  });

  it('goes on after a run that failed, and says why it failed', async () => {
    const warnings: string[] = [];
    let runs = 0;
    const task = new PeriodicTask(
      'failing task',
      1,
      async () => {
        runs++;
        if (runs === 1) throw new Error('storage unreachable');
      },
      { warn: (message: string) => warnings.push(message) } as unknown as Logger,
    );
    task.start();
    await until(() => runs >= 2);
    await task.stop();
    expect(warnings[0]).toBe('failing task failed: storage unreachable');
  });
});
