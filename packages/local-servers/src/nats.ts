import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ensureDebianProgram } from './debian-program.js';
import {
  startProcess,
  waitUntilReady,
  type LogLine,
  type ManagedProcess,
  type OnUnexpectedExit,
} from './processes.js';

export interface StartNatsOptions {
  /** JetStream's store folder (created if absent); streams survive restarts when it is kept. */
  dataDir: string;
  port: number;
  /** Where its monitoring endpoints (/connz, /varz) listen, on 127.0.0.1; none when absent. */
  monitorPort?: number;
  log?: LogLine;
  onUnexpectedExit?: OnUnexpectedExit;
}

export interface LocalNats {
  readonly url: string;
  readonly port: number;
  /** http://127.0.0.1:<monitorPort> when one was given. */
  readonly monitorUrl?: string;
  stop(): Promise<void>;
  /** Stops the broker and starts it again on the same port and store. */
  restart(): Promise<void>;
}

const NATS_SERVER = {
  program: 'nats-server',
  debianPackage: 'nats-server',
  installHint:
    'nats-server is not installed: install it (Debian/Ubuntu: apt-get install nats-server; macOS: brew install nats-server; others: https://github.com/nats-io/nats-server/releases)',
};

/** Finds nats-server, installing Debian's package when we are root on a machine with apt-get. */
export function ensureNatsServer(log?: LogLine): Promise<string> {
  return ensureDebianProgram(NATS_SERVER, log);
}

export async function startNats(options: StartNatsOptions): Promise<LocalNats> {
  const { port, log } = options;
  const dataDir = path.resolve(options.dataDir);
  const binary = await ensureNatsServer(log);
  await mkdir(dataDir, { recursive: true });

  let server: ManagedProcess;
  const launch = async () => {
    // Ready when our server says so (it listens by then): a connection alone may reach another server holding
    // the port we failed to bind.
    let saidReady = false;
    const monitor = options.monitorPort ? ['-m', String(options.monitorPort)] : [];
    server = startProcess(
      binary,
      ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dataDir, ...monitor],
      {
        log: (line) => {
          if (line.includes('Server is ready')) saidReady = true;
          log?.(line);
        },
        onUnexpectedExit: options.onUnexpectedExit,
      },
    );
    await waitUntilReady(`nats-server on port ${port}`, server, async () => saidReady);
  };
  // SIGTERM is nats-server's graceful stop; JetStream flushes its store first.
  const halt = async () => {
    await server.stop('SIGTERM', 15_000);
  };
  await launch();

  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    ...(options.monitorPort ? { monitorUrl: `http://127.0.0.1:${options.monitorPort}` } : {}),
    stop: halt,
    async restart() {
      await halt();
      await launch();
    },
  };
}
