import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  findExecutable,
  isRoot,
  runToCompletion,
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
  log?: LogLine;
  onUnexpectedExit?: OnUnexpectedExit;
}

export interface LocalNats {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
  /** Stops the broker and starts it again on the same port and store. */
  restart(): Promise<void>;
}

const INSTALL_HINT =
  'nats-server is not installed: install it (Debian/Ubuntu: apt-get install nats-server; macOS: brew install nats-server; others: https://github.com/nats-io/nats-server/releases)';

// Debian installs it in /usr/sbin, which is not on every user's PATH.
const EXTRA_DIRS = ['/usr/sbin', '/usr/local/sbin', '/usr/local/bin', '/opt/homebrew/bin'];

let installing: Promise<string> | undefined;

async function installWithApt(log?: LogLine): Promise<string> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Waits for another apt (a parallel test worker, say) instead of failing on its lock.
  const install = ['-o', 'DPkg::Lock::Timeout=300', 'install', '-y', 'nats-server'];
  log?.('nats-server not found: installing the Debian package nats-server');
  try {
    await runToCompletion('apt-get', install, { env, log });
  } catch {
    // A fresh machine often has no package lists yet.
    await runToCompletion('apt-get', ['-o', 'DPkg::Lock::Timeout=300', 'update'], { env, log }).catch(
      () => undefined,
    );
    await runToCompletion('apt-get', install, { env, log }).catch(() => undefined);
  }
  const installed = await findExecutable('nats-server', EXTRA_DIRS);
  if (!installed) throw new Error(`${INSTALL_HINT} (apt-get install nats-server failed)`);
  return installed;
}

/** Finds nats-server, installing Debian's package when we are root on a machine with apt-get. */
export async function ensureNatsServer(log?: LogLine): Promise<string> {
  const found = await findExecutable('nats-server', EXTRA_DIRS);
  if (found) return found;
  if (!isRoot() || !(await findExecutable('apt-get', EXTRA_DIRS))) throw new Error(INSTALL_HINT);
  installing ??= installWithApt(log).finally(() => {
    installing = undefined;
  });
  return installing;
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
    server = startProcess(binary, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dataDir], {
      log: (line) => {
        if (line.includes('Server is ready')) saidReady = true;
        log?.(line);
      },
      onUnexpectedExit: options.onUnexpectedExit,
    });
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
    stop: halt,
    async restart() {
      await halt();
      await launch();
    },
  };
}
