import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ensureDebianProgram } from './debian-program.js';
import { startProcess, waitUntilReady, type LogLine } from './processes.js';

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

const RCLONE = {
  program: 'rclone',
  debianPackage: 'rclone',
  installHint:
    'rclone is not installed: install it (Debian/Ubuntu: apt-get install rclone; others: https://rclone.org/install/)',
};

/** Finds rclone, installing Debian's package when we are root on a machine with apt-get. */
export function ensureRclone(log?: LogLine): Promise<string> {
  return ensureDebianProgram(RCLONE, log);
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
