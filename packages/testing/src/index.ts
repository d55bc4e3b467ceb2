// The integration-test harness: fresh PostgreSQL, NATS (JetStream) and S3-protocol servers on free ports.
// Containers (testcontainers) when a Docker engine answers, local child processes otherwise; same shapes either way.
// A local server whose port was taken between choosing and binding it starts again on another.
//
// Always stop what you start in afterAll. Jest runs afterAll even when a test or beforeAll fails, and the
// optional chaining covers a beforeAll that failed before assigning:
//
//   let platform: TestPlatform | undefined;
//   beforeAll(async () => {
//     platform = await startTestPlatform();
//   });
//   afterAll(async () => {
//     await platform?.stop();
//   });
//
// As a safety net local servers are also killed when the test process exits or gets SIGINT/SIGTERM (a Jest
// worker that hangs is sent SIGTERM), and testcontainers' reaper removes containers of a dead process.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import {
  createDatabaseOnServer,
  findFreePort,
  killAllServers,
  startNats,
  startOnFreePort,
  startPostgres,
  startMailCatcher,
  startS3,
  type LogLine,
} from '@gallery/local-servers';
import { GenericContainer, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';

export { databaseMentions } from './database-mentions.js';
export { seedGalleryPhotos } from './seed-photos.js';
export { waitFor } from './wait-for.js';
export { publishAsRelay } from './publish-as-relay.js';

export interface TestPostgres {
  readonly host: string;
  readonly port: number;
  /** URL of `database` on this server (default: the `postgres` maintenance database). */
  url(database?: string): string;
  /** Creates `name`, or a fresh uniquely named database when omitted; returns its URL. */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
}

export interface TestNats {
  /** A getter: a container may come back on another host port after restart(). */
  readonly url: string;
  /** Its monitoring endpoints (/connz, /varz), when started with `monitor: true`. */
  readonly monitorUrl?: string;
  /** Stops and starts the broker, keeping its JetStream store. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface TestS3 {
  readonly endpoint: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  stop(): Promise<void>;
}

/** The variables a service is configured with (DATABASE_URL names the server; services pick their database). */
export interface PlatformEnv {
  DATABASE_URL: string;
  NATS_URL: string;
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
}

export interface TestPlatform {
  postgres: TestPostgres;
  nats: TestNats;
  s3: TestS3;
  /** Taken when started; NATS_URL may be stale after a containerised nats.restart(). */
  env: PlatformEnv;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Receives the server's output; by default it is printed only when TEST_SERVER_LOGS is set. */
  log?: LogLine;
}

const TEST_ACCESS_KEY_ID = 'gallery-test';
// MinIO wants at least 8 characters.
const TEST_SECRET_ACCESS_KEY = 'gallery-test-secret';
const MINIO_IMAGE = process.env.TEST_MINIO_IMAGE ?? 'minio/minio:RELEASE.2025-04-22T22-12-26Z';

let runtime: Promise<'containers' | 'local'> | undefined;

/**
 * Containers when a Docker engine answers, else local processes. TEST_SERVERS=local|containers forces a
 * choice.
 */
export function testServerRuntime(): Promise<'containers' | 'local'> {
  const forced = process.env.TEST_SERVERS;
  if (forced === 'local' || forced === 'containers') return Promise.resolve(forced);
  // Without an engine this rejects within milliseconds ("Could not find a working container runtime strategy").
  runtime ??= getContainerRuntimeClient().then(
    () => 'containers' as const,
    () => 'local' as const,
  );
  return runtime;
}

function defaultLog(name: string): LogLine | undefined {
  if (!process.env.TEST_SERVER_LOGS) return undefined;
  return (line) => process.stderr.write(`[${name}] ${line}\n`);
}

let signalHandlersInstalled = false;
let exitCleanupInstalled = false;

function killServersOnSignals(): void {
  if (signalHandlersInstalled) return;
  signalHandlersInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAllServers();
      // process.exit, not the default action, so other 'exit' hooks (a product's services) run too.
      process.exit(128 + os.constants.signals[signal]);
    });
  }
}

const temporaryDirs = new Set<string>();

async function temporaryDir(kind: string): Promise<string> {
  if (!exitCleanupInstalled) {
    exitCleanupInstalled = true;
    // Servers not stopped (a crashed or killed test run) leave no temp dirs behind either.
    process.on('exit', () => {
      killAllServers();
      for (const dir of temporaryDirs) {
        try {
          rmSync(dir, { recursive: true, force: true });
        } catch {
          // a server still deleting its own files; the OS cleans /tmp eventually
        }
      }
    });
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), `gallery-test-${kind}-`));
  temporaryDirs.add(dir);
  return dir;
}

async function removeTemporaryDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  temporaryDirs.delete(dir);
}

/** Feeds a container's output to `log` line by line (testcontainers' withLogConsumer). */
function consumeLines(log: LogLine | undefined) {
  return (stream: Readable) => {
    if (log) readline.createInterface({ input: stream }).on('line', (line) => log(line.trimEnd()));
  };
}

function uniqueDatabaseName(): string {
  return `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

function postgresFacade(host: string, port: number, stop: () => Promise<void>): TestPostgres {
  const url = (database = 'postgres') =>
    `postgres://postgres@${host}:${port}/${encodeURIComponent(database)}`;
  return {
    host,
    port,
    url,
    createDatabase: (name = uniqueDatabaseName()) => createDatabaseOnServer(url(), name),
    stop,
  };
}

/** Starts a local server in a fresh temporary folder; stopping it, or a failed start, removes the folder. */
async function startInTemporaryDir<S extends { stop(): Promise<void> }>(
  kind: string,
  start: (dir: string) => Promise<S>,
): Promise<{ server: S; stop: () => Promise<void> }> {
  killServersOnSignals();
  const dir = await temporaryDir(kind);
  try {
    const server = await start(dir);
    return {
      server,
      stop: once(async () => {
        await server.stop();
        await removeTemporaryDir(dir);
      }),
    };
  } catch (error) {
    await removeTemporaryDir(dir);
    throw error;
  }
}

/** Runs `stop` once however often it is called; later calls wait for the first. */
function once(stop: () => Promise<void>): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => (stopping ??= stop());
}

export async function startTestPostgres(options: TestServerOptions = {}): Promise<TestPostgres> {
  const log = options.log ?? defaultLog('postgres');
  if ((await testServerRuntime()) === 'containers') {
    const container = await new GenericContainer('postgres:15.19-bookworm')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withCommand([
        'postgres',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
      ])
      .withTmpFs({ '/var/lib/postgresql/data': 'rw' })
      .withExposedPorts(5432)
      // The image's entrypoint runs a temporary server first; the second message is the real one.
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .withLogConsumer(consumeLines(log))
      .start();
    return postgresFacade(
      container.getHost(),
      container.getMappedPort(5432),
      once(async () => void (await container.stop())),
    );
  }

  const { server, stop } = await startOnFreePort((port) =>
    startInTemporaryDir('postgres', (dir) =>
      startPostgres({ dataDir: path.join(dir, 'data'), port, persistent: false, log }),
    ),
  );
  return postgresFacade(server.host, server.port, stop);
}

export async function startTestNats(
  options: TestServerOptions & { monitor?: boolean } = {},
): Promise<TestNats> {
  const log = options.log ?? defaultLog('nats');
  if ((await testServerRuntime()) === 'containers') {
    const container: StartedTestContainer = await new GenericContainer('nats:2.10.22-alpine')
      .withCommand(['-js', '-sd', '/data', '-m', '8222'])
      .withExposedPorts(4222, 8222)
      .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
      .withLogConsumer(consumeLines(log))
      .start();
    return {
      get url() {
        return `nats://${container.getHost()}:${container.getMappedPort(4222)}`;
      },
      get monitorUrl() {
        return `http://${container.getHost()}:${container.getMappedPort(8222)}`;
      },
      // Same container, same filesystem: the JetStream store in /data survives.
      restart: () => container.restart(),
      stop: once(async () => void (await container.stop())),
    };
  }

  const monitorPort = options.monitor ? await findFreePort() : undefined;
  const { server, stop } = await startOnFreePort((port) =>
    startInTemporaryDir('nats', (dir) =>
      startNats({ dataDir: path.join(dir, 'jetstream'), port, monitorPort, log }),
    ),
  );
  return { url: server.url, monitorUrl: server.monitorUrl, restart: () => server.restart(), stop };
}

export async function startTestS3(options: TestServerOptions = {}): Promise<TestS3> {
  const log = options.log ?? defaultLog('s3');
  const credentials = { accessKeyId: TEST_ACCESS_KEY_ID, secretAccessKey: TEST_SECRET_ACCESS_KEY };
  if ((await testServerRuntime()) === 'containers') {
    const container = await new GenericContainer(MINIO_IMAGE)
      .withCommand(['server', '/data'])
      .withEnvironment({ MINIO_ROOT_USER: TEST_ACCESS_KEY_ID, MINIO_ROOT_PASSWORD: TEST_SECRET_ACCESS_KEY })
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000))
      .withLogConsumer(consumeLines(log))
      .start();
    return {
      endpoint: `http://${container.getHost()}:${container.getMappedPort(9000)}`,
      region: 'us-east-1',
      ...credentials,
      stop: once(async () => void (await container.stop())),
    };
  }

  const { server, stop } = await startOnFreePort((port) =>
    startInTemporaryDir('s3', (dir) =>
      startS3({ dataDir: path.join(dir, 'objects'), port, ...credentials, log }),
    ),
  );
  return { endpoint: server.endpoint, region: server.region, ...credentials, stop };
}

export interface TestMailCatcher {
  /** SMTP_URL for the services under test. */
  readonly smtpUrl: string;
  /** The catcher's inbox; `caughtMail(webUrl)` from @gallery/local-servers lists what arrived. */
  readonly webUrl: string;
  /** Where it keeps each message as it came: `mailHeaders(mailDirectory, id)` reads its header fields. */
  readonly mailDirectory: string;
  stop(): Promise<void>;
}

/** A local SMTP server that keeps what it is sent (maildev), on free ports, for tests of the product's mail. */
export async function startTestMailCatcher(): Promise<TestMailCatcher> {
  const { server, stop } = await startOnFreePort((smtpPort) =>
    startInTemporaryDir('mail', async (dir) =>
      startMailCatcher({ dataDir: dir, smtpPort, webPort: await findFreePort() }),
    ),
  );
  return { smtpUrl: server.smtpUrl, webUrl: server.webUrl, mailDirectory: server.mailDirectory, stop };
}

export interface TestPlatformOptions {
  log?: (server: 'postgres' | 'nats' | 's3', line: string) => void;
}

/** All three servers, started side by side; if one fails the others are stopped again. */
export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const logFor = (server: 'postgres' | 'nats' | 's3') => {
    const { log } = options;
    return log ? { log: (line: string) => log(server, line) } : {};
  };
  const results = await Promise.allSettled([
    startTestPostgres(logFor('postgres')),
    startTestNats(logFor('nats')),
    startTestS3(logFor('s3')),
  ] as const);
  const [postgres, nats, s3] = results;
  if (postgres.status === 'rejected' || nats.status === 'rejected' || s3.status === 'rejected') {
    await Promise.all(
      results.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)),
    );
    const failure = results.find((result) => result.status === 'rejected');
    throw (failure as PromiseRejectedResult).reason;
  }
  const platform = { postgres: postgres.value, nats: nats.value, s3: s3.value };
  return {
    ...platform,
    env: {
      DATABASE_URL: platform.postgres.url(),
      NATS_URL: platform.nats.url,
      S3_ENDPOINT: platform.s3.endpoint,
      S3_REGION: platform.s3.region,
      S3_ACCESS_KEY_ID: platform.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: platform.s3.secretAccessKey,
    },
    stop: once(async () => {
      await Promise.all([platform.postgres.stop(), platform.nats.stop(), platform.s3.stop()]);
    }),
  };
}
export { facesFolder } from './faces-folder.js';
export { labeledSet, type LabeledPhoto, type LabeledSetVariant, type QualityLabel } from './labeled-set.js';
export { startTestDns, testDnsOn, type TestDns } from './test-dns.js';
export { startTestWebDav, type TestWebDav } from './test-webdav.js';
export { startTestDropbox, startTestGoogleDrive, type TestOAuthDrive } from './test-oauth-drives.js';
