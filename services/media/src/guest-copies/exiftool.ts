import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** One exiftool command: long enough for a 500 MB video on a slow disk, and a stuck run is stopped. */
const RUN_TIMEOUT_MS = 120_000;

/** What to install when the machine has no exiftool; the one line every start-up failure says. */
export const EXIFTOOL_MISSING =
  'exiftool is needed to strip location and serial numbers from what guests fetch: install it (Debian/Ubuntu: apt-get install libimage-exiftool-perl)';

/**
 * The machine's exiftool (Debian's `libimage-exiftool-perl`), kept running in its `-stay_open` mode: perl and
 * exiftool's modules load once per process rather than once per photo (a third of a second each time), and
 * commands go to it one after the other. A command that outlives RUN_TIMEOUT_MS stops the process; the next
 * command starts another.
 */
export class Exiftool {
  private child: ChildProcessWithoutNullStreams | null = null;
  private output = '';
  private errors = '';
  private waiting: { marker: string; resolve(output: string): void; reject(error: Error): void } | null =
    null;
  private queue: Promise<unknown> = Promise.resolve();
  private commands = 0;

  constructor(readonly program: string) {}

  /** exiftool on PATH; throws with what to install when there is none. */
  static locate(searchPath = process.env.PATH ?? ''): Exiftool {
    for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
      const candidate = path.join(dir, 'exiftool');
      try {
        accessSync(candidate, constants.X_OK);
        return new Exiftool(candidate);
      } catch {
        // not here
      }
    }
    throw new Error(EXIFTOOL_MISSING);
  }

  /** Runs one command (its arguments, one per element, none with a line break); what it printed on stdout. */
  run(args: string[]): Promise<{ output: string; errors: string }> {
    if (args.some((arg) => /[\r\n]/.test(arg))) throw new Error('an exiftool argument holds a line break');
    const result = this.queue.then(() => this.execute(args));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Stops the running process, if any. */
  close(): void {
    const child = this.child;
    this.child = null;
    if (!child) return;
    child.stdin.end('-stay_open\nFalse\n');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  }

  private execute(args: string[]): Promise<{ output: string; errors: string }> {
    const child = this.process();
    const marker = `{ready${++this.commands}}`;
    this.output = '';
    this.errors = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        this.stop(child);
        reject(new Error(`exiftool took more than ${RUN_TIMEOUT_MS / 1000} s`));
      }, RUN_TIMEOUT_MS);
      this.waiting = {
        marker,
        resolve: (output) => {
          clearTimeout(timer);
          resolve({ output, errors: this.errors });
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      child.stdin.write(`${args.join('\n')}\n-execute${this.commands}\n`);
    });
  }

  private process(): ChildProcessWithoutNullStreams {
    if (this.child) return this.child;
    const child = spawn(this.program, ['-stay_open', 'True', '-@', '-'], { windowsHide: true });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      this.output += chunk;
      const waiting = this.waiting;
      const at = waiting ? this.output.indexOf(waiting.marker) : -1;
      if (waiting && at >= 0) {
        this.waiting = null;
        waiting.resolve(this.output.slice(0, at));
      }
    });
    child.stderr.on('data', (chunk: string) => {
      // Bounded: a command's messages are a few lines.
      if (this.errors.length < 10_000) this.errors += chunk;
    });
    const gone = (reason: string) => {
      if (this.child === child) this.child = null;
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.reject(new Error(`exiftool stopped: ${reason}`));
    };
    child.on('error', (error) => gone(error.message));
    child.on('exit', (code, signal) => gone(`exit ${code ?? signal}`));
    child.stdin.on('error', () => undefined);
    this.child = child;
    return child;
  }

  private stop(child: ChildProcessWithoutNullStreams): void {
    if (this.child === child) this.child = null;
    child.kill('SIGKILL');
  }
}
