import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';

export type LogLine = (line: string) => void;

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

/** Called when a server's process ends without anyone having asked it to stop. */
export type OnUnexpectedExit = (exit: ExitInfo) => void;

export interface ProcessOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  uid?: number;
  gid?: number;
  log?: LogLine;
  ipc?: boolean;
  /** Sent by the process-exit safety net; postgres wants SIGQUIT so it takes its backends down too. */
  emergencySignal?: NodeJS.Signals;
  onUnexpectedExit?: OnUnexpectedExit;
  /**
   * Servers do not keep this Node process alive by default: a script or test that forgets stop() still ends,
   * and the exit hook below takes the servers down with it. Short-lived commands set this to true.
   */
  keepAlive?: boolean;
}

export interface ManagedProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<ExitInfo>;
  hasExited(): boolean;
  /** Sends `signal`, escalates to SIGKILL after `graceMs`, resolves once the process is gone. */
  stop(signal: NodeJS.Signals, graceMs: number): Promise<ExitInfo>;
  /** The last lines the process printed, for error messages. */
  recentOutput(): string;
}

const running = new Set<{ child: ChildProcess; emergencySignal: NodeJS.Signals }>();
let exitHookInstalled = false;

/**
 * Synchronously signals every server still running. Safe to call from a process 'exit' or signal handler;
 * the servers finish shutting down on their own after we are gone.
 */
export function killAllServers(): void {
  for (const { child, emergencySignal } of running) {
    try {
      child.kill(emergencySignal);
    } catch {
      // already gone
    }
  }
  running.clear();
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Safety net: whoever forgot stop(), the servers do not outlive this process (except on SIGKILL).
  process.on('exit', killAllServers);
}

// eslint-disable-next-line no-control-regex
const ANSI_ESCAPES = /\u001b\[[0-9;]*[A-Za-z]/g;

export function startProcess(command: string, args: string[], options: ProcessOptions = {}): ManagedProcess {
  installExitHook();
  const stdio: StdioOptions = options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'];
  // Own process group: a Ctrl-C in the terminal reaches only our parent, which stops things in order.
  const child = spawn(command, args, {
    env: options.env ?? process.env,
    cwd: options.cwd,
    uid: options.uid,
    gid: options.gid,
    stdio,
    detached: true,
  });
  const entry = { child, emergencySignal: options.emergencySignal ?? 'SIGKILL' };
  running.add(entry);

  const recent: string[] = [];
  const onLine = (line: string) => {
    const clean = line.replace(ANSI_ESCAPES, '').trimEnd();
    if (!clean) return;
    recent.push(clean);
    if (recent.length > 40) recent.shift();
    options.log?.(clean);
  };
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
    if (!options.keepAlive) (stream as Partial<net.Socket>).unref?.();
  }
  if (!options.keepAlive) {
    child.unref();
    child.channel?.unref();
  }

  let stopping = false;
  let done = false;
  const exited = new Promise<ExitInfo>((resolve) => {
    const finish = (info: ExitInfo) => {
      if (done) return;
      done = true;
      running.delete(entry);
      if (!stopping) options.onUnexpectedExit?.(info);
      resolve(info);
    };
    child.once('error', (error) => {
      // Spawn failures (ENOENT, EACCES) never emit 'exit'.
      if (child.pid === undefined) finish({ code: null, signal: null, error });
    });
    child.once('exit', (code, signal) => finish({ code, signal }));
  });

  return {
    child,
    exited,
    hasExited: () => done,
    recentOutput: () => recent.join('\n'),
    async stop(signal, graceMs) {
      stopping = true;
      if (done) return exited;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Runs a command to completion, logging its output; rejects with its last lines when it fails. */
export async function runToCompletion(
  command: string,
  args: string[],
  options: Omit<ProcessOptions, 'onUnexpectedExit' | 'ipc'> = {},
): Promise<void> {
  const proc = startProcess(command, args, { ...options, keepAlive: true });
  const { code, signal, error } = await proc.exited;
  if (error) throw new Error(`${command} could not be started: ${error.message}`);
  if (code !== 0) {
    throw new Error(
      `${path.basename(command)} ${args.join(' ')} failed (${signal ?? `exit code ${code}`}):\n${proc.recentOutput()}`,
    );
  }
}

/**
 * Polls `isReady` until it answers true. Fails fast when the process dies, with what it printed.
 */
export async function waitUntilReady(
  what: string,
  proc: ManagedProcess,
  isReady: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.hasExited()) {
      const { code, signal, error } = await proc.exited;
      const reason = error ? error.message : signal ? `signal ${signal}` : `exit code ${code}`;
      throw new Error(`${what} stopped while starting (${reason}):\n${proc.recentOutput()}`);
    }
    if (await probe(isReady, proc)) return;
    if (Date.now() > deadline) {
      await proc.stop('SIGKILL', 0);
      throw new Error(`${what} was not ready after ${timeoutMs / 1000} s:\n${proc.recentOutput()}`);
    }
    await delay(100);
  }
}

// A probe may reach whoever else holds the port and never hear back: it is given up after this long, or as
// soon as the process ends (a server that could not bind its port exits at once).
const PROBE_TIMEOUT_MS = 2000;

async function probe(isReady: () => Promise<boolean>, proc: ManagedProcess): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const givenUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([isReady().catch(() => false), givenUp, proc.exited.then(() => false)]);
  } finally {
    clearTimeout(timer);
  }
}

/** True when nothing listens on `port` at `host`, judged by binding it ourselves. */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port that was free a moment ago (the OS picks it). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether a server failed to start because its port was taken (the words of PostgreSQL, nats-server and Node). */
export function isAddressInUse(error: unknown): boolean {
  return /address already in use|EADDRINUSE/i.test(error instanceof Error ? error.message : String(error));
}

export interface OnFreePortOptions {
  attempts?: number;
  /** Where ports come from; findFreePort by default. */
  pickPort?: () => Promise<number>;
}

/**
 * Starts a server on a port that was free a moment ago, and again on another one when someone took it in
 * between (a parallel test's server, or an outgoing connection given the same port by the kernel).
 */
export async function startOnFreePort<S>(
  start: (port: number) => Promise<S>,
  { attempts = 5, pickPort = findFreePort }: OnFreePortOptions = {},
): Promise<S> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await pickPort());
    } catch (error) {
      if (attempt >= attempts || !isAddressInUse(error)) throw error;
    }
  }
}

export async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable called `name` on PATH or in `extraDirs`. */
export async function findExecutable(name: string, extraDirs: string[] = []): Promise<string | undefined> {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...extraDirs];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}
