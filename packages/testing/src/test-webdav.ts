import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startOnFreePort, startWebDav, type LocalWebDav } from '@gallery/local-servers';

/** A couple's cloud drive for tests: a real WebDAV server (rclone serve webdav) over a temporary folder. */
export interface TestWebDav {
  /** The WebDAV folder address to connect, ending in `/`. */
  readonly url: string;
  readonly username: string;
  readonly password: string;
  /** The folder on this machine that the drive serves: what a test reads to see what arrived. */
  readonly dataDir: string;
  /** The drive goes down (its server stopped); every request is refused until `start`. */
  down(): Promise<void>;
  /** The drive comes back on the same address and folder. */
  up(): Promise<void>;
  /** Every file under the folder, as paths relative to it with their sizes. */
  files(): Promise<Map<string, number>>;
  stop(): Promise<void>;
}

export async function startTestWebDav(options: { log?: (line: string) => void } = {}): Promise<TestWebDav> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'test-webdav-'));
  const username = 'couple';
  const password = randomBytes(12).toString('base64url');
  const log = options.log ?? (() => undefined);
  let server: LocalWebDav | undefined = await startOnFreePort((port) =>
    startWebDav({ dataDir, port, username, password, log }),
  );
  const { port, url } = server;
  return {
    url,
    username,
    password,
    dataDir,
    async down() {
      await server?.stop();
      server = undefined;
    },
    async up() {
      server ??= await startWebDav({ dataDir, port, username, password, log });
    },
    files: () => listFiles(dataDir),
    async stop() {
      await server?.stop();
      server = undefined;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function listFiles(
  root: string,
  dir = root,
  found = new Map<string, number>(),
): Promise<Map<string, number>> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await listFiles(root, full, found);
    else found.set(path.relative(root, full), (await stat(full)).size);
  }
  return found;
}
