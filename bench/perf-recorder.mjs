// @ts-check
// CPU-time samples of a running process, by Linux perf (Debian's linux-perf), switched on only while a bench
// measures.
//
// `perf record -e cpu-clock` samples a thread only while it runs on a core: unlike `node --cpu-prof`, whose
// samples are wall-clock (a thread preempted in the middle of a write is charged for the time another process
// ran), its shares hold on a loaded machine. The cycle counters are not supported on these virtual machines;
// the cpu-clock software event is. The process must run with `--perf-basic-prof`, so that the names of its
// JavaScript functions are in /tmp/perf-PID.map when `perf script` reads the samples.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * Attaches perf to `pid`, writing `file`, and resolves once it samples (its control descriptors: fd 3 takes
 * commands, fd 4 acknowledges them). Attach right before what is measured, not long before: the mappings a process
 * makes while perf waits are lost, and its JavaScript code then has no names. 999 samples a second per thread:
 * perf's default 4,000, with each stack walked, added half again to media's libvips threads.
 */
export async function recordPerf(pid, file) {
  const perf = spawn(
    'perf',
    [
      'record',
      '-q',
      '-e',
      'cpu-clock',
      '-F',
      '999',
      '-g',
      '-D',
      '-1',
      '--control=fd:3,4',
      '-p',
      String(pid),
      '-o',
      file,
    ],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
  );
  let errors = '';
  perf.stderr?.on('data', (chunk) => (errors += chunk));
  const exited = once(perf, 'exit');
  const failed = exited.then(([code]) => {
    throw new Error(`perf record exited (${code}): ${errors.trim() || 'is linux-perf installed?'}`);
  });
  const control = /** @type {import('node:stream').Writable} */ (perf.stdio[3]);
  const acks = /** @type {import('node:stream').Readable} */ (perf.stdio[4]);
  const acked = once(acks, 'data');
  control.write('enable\n');
  await Promise.race([acked, failed]);
  failed.catch(() => undefined);
  return {
    /** Ends the recording; resolves once perf has written its file. */
    async stop() {
      perf.kill('SIGINT');
      await exited;
    },
  };
}
