// @ts-check
// What a process (or one of its threads) has used, read from /proc on Linux: the benches report the product's
// own CPU and memory beside their timings, with no endpoint added to the product.
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/**
 * CPU time (user + system, ms) of a process, or of one of its threads (`tid`; the main thread's is `pid`); NaN
 * for no process (storage elsewhere, say), so what is derived from it prints as not measured.
 */
/** @param {number | undefined} pid @param {string | number} [tid] */
export async function cpuMs(pid, tid = undefined) {
  if (pid === undefined) return NaN;
  const stat = await readFile(tid ? `/proc/${pid}/task/${tid}/stat` : `/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/**
 * CPU time (user + system, ms) of a process's threads now alive, summed by thread name (`comm`, digits dropped:
 * `libuv-worker`, `V8 DefaultWorke`, libvips' pool...); the main thread is `main`. What threads that ended used is
 * in the process's total (`cpuMs`) only: `ended` is that remainder.
 */
export async function cpuMsByThreadName(pid) {
  const byName = {};
  let alive = 0;
  for (const tid of await readdir(`/proc/${pid}/task`).catch(() => /** @type {string[]} */ ([]))) {
    const comm = await readFile(`/proc/${pid}/task/${tid}/comm`, 'utf8').catch(() => '');
    const used = await cpuMs(pid, tid).catch(() => 0);
    const name = tid === String(pid) ? 'main' : comm.trim().replace(/[\d-]+$/, '') || 'unnamed';
    byName[name] = (byName[name] ?? 0) + used;
    alive += used;
  }
  byName.ended = Math.max(0, (await cpuMs(pid)) - alive);
  return byName;
}

/**
 * Minor page faults of a process so far: each a page of memory the kernel had to hand it (zeroed) on first touch,
 * which freed memory given back to the system costs again when it is used next.
 */
export async function minorFaults(pid) {
  if (pid === undefined) return NaN;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7]);
}

/** Resident memory (MB) of a process now (`VmRSS`), or its peak so far (`VmHWM`). */
export async function rssMb(pid, which = 'VmRSS') {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${which}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
}

/**
 * Time on a CPU (ms, to the nanosecond) of a process's threads now running, from the scheduler's own account
 * (/proc/PID/task/TID/schedstat): finer than `cpuMs`'s clock ticks (10 ms), for the short windows the live
 * bench reads. Threads that ended are not in it, so read it over a window in which the process's threads live.
 */
export async function cpuRunMs(pid) {
  if (pid === undefined) return NaN;
  let ns = 0;
  for (const tid of await readdir(`/proc/${pid}/task`)) {
    const schedstat = await readFile(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').catch(() => '0');
    ns += Number(schedstat.split(' ')[0]);
  }
  return ns / 1e6;
}

/**
 * CPU time (user + system, ms) of a process's children and their children: those running now, read from /proc,
 * and those that ended and were waited for (the parent's cutime and cstime). The media service's exiftool, a
 * process of its own, is counted this way.
 */
export async function descendantsCpuMs(pid) {
  if (pid === undefined) return NaN;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  let total = ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
  for (const child of await childrenOf(pid)) {
    total += (await cpuMs(child).catch(() => 0)) + (await descendantsCpuMs(child).catch(() => 0));
  }
  return total;
}

async function childrenOf(pid) {
  const children = [];
  for (const tid of await readdir(`/proc/${pid}/task`).catch(() => /** @type {string[]} */ ([]))) {
    const list = await readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '');
    children.push(...list.split(' ').filter(Boolean).map(Number));
  }
  return children;
}
