import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  findExecutable,
  isRoot,
  runToCompletion,
  startProcess,
  waitUntilReady,
  type LogLine,
} from './processes.js';

export interface StartWebDavOptions {
  /** The folder served: what the couple's drive holds. */
  dataDir: string;
  port: number;
  username: string;
  password: string;
  log?: LogLine;
}

export interface LocalWebDav {
  /** The served folder's WebDAV address, ending in `/`. */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  stop(): Promise<void>;
}

const INSTALL_HINT =
  'rclone is not installed: install it (Debian/Ubuntu: apt-get install rclone; others: https://rclone.org/install/)';
const EXTRA_DIRS = ['/usr/bin', '/usr/local/bin', '/opt/homebrew/bin'];

let installing: Promise<string> | undefined;

/** Finds rclone, installing Debian's package when we are root on a machine with apt-get. */
export async function ensureRclone(log?: LogLine): Promise<string> {
  const found = await findExecutable('rclone', EXTRA_DIRS);
  if (found) return found;
  if (!isRoot() || !(await findExecutable('apt-get', EXTRA_DIRS))) throw new Error(INSTALL_HINT);
  installing ??= (async () => {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const lock = ['-o', 'DPkg::Lock::Timeout=300'];
    log?.('rclone not found: installing the Debian package rclone');
    await runToCompletion('apt-get', [...lock, 'update'], { env, log }).catch(() => undefined);
    await runToCompletion('apt-get', [...lock, 'install', '-y', 'rclone'], { env, log }).catch(
      () => undefined,
    );
    const installed = await findExecutable('rclone', EXTRA_DIRS);
    if (!installed) throw new Error(`${INSTALL_HINT} (apt-get install rclone failed)`);
    return installed;
  })().finally(() => {
    installing = undefined;
  });
  return installing;
}

/**
 * A real WebDAV server on this machine, standing for a couple's Nextcloud or NAS: `rclone serve webdav` over a
 * local folder, with basic authentication. Stopping it and starting it again on the same folder and port is a drive
 * going down and coming back.
 */
export async function startWebDav(options: StartWebDavOptions): Promise<LocalWebDav> {
  const binary = await ensureRclone(options.log);
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  let ready = false;
  const server = startProcess(
    binary,
    [
      'serve',
      'webdav',
      dataDir,
      '--addr',
      `127.0.0.1:${options.port}`,
      '--user',
      options.username,
      '--pass',
      options.password,
      // Writes go straight to the folder (no cache in between): what a test reads there is what was written.
      '--vfs-cache-mode',
      'off',
      '--config',
      '/dev/null',
    ],
    {
      env: { ...process.env, HOME: dataDir },
      log: (line) => {
        if (/WebDav Server started|Serving on|Server started on/i.test(line)) ready = true;
        options.log?.(line);
      },
    },
  );
  await waitUntilReady(`rclone serve webdav on port ${options.port}`, server, async () => ready);
  return {
    url: `http://127.0.0.1:${options.port}/`,
    port: options.port,
    dataDir,
    stop: async () => {
      await server.stop('SIGTERM', 5000);
    },
  };
}
