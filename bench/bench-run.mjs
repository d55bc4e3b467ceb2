// @ts-check
// What the benches do around their measurements: options from the command line, the machine they ran on,
// percentiles, and stopping what they started.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `--name=value` from the command line: a string when `fallback` is one, else a whole number (0 allowed),
 * `fallback` when not given.
 */
export function option(name, fallback) {
  const flag = process.argv.slice(2).find((arg) => arg.startsWith(`--${name}=`));
  if (!flag) return fallback;
  const raw = flag.slice(name.length + 3);
  if (typeof fallback === 'string') return raw;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

/** The value at quantile `q` of ascending `sorted` (nearest rank); NaN for none. */
export function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** What the figures were measured on: its cores, CPU model, load average now and Node's version. */
export function machine() {
  return {
    nproc: execFileSync('nproc').toString().trim(),
    cpu: os.cpus()[0]?.model ?? 'unknown CPU',
    load: os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' '),
    node: process.version,
  };
}

/** Runs each stop pushed onto `cleanups`, last first, emptying it; a stop that fails is told and passed. */
export async function cleanUp(cleanups) {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error) => console.error(`cleanup failed: ${error.message}`));
  }
}
