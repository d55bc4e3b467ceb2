// `npm start`: install and build if needed, bring up the backing servers (from DATABASE_URL, NATS_URL,
// S3_ENDPOINT and SMTP_URL when given, otherwise started locally with their data under .data/, PostgreSQL's
// elsewhere when its user cannot reach it, said at start; mail goes to a local catcher with a web inbox), then
// the services and the gateway as separate processes. A process that exits is started again after a back-off
// (supervisor.mjs), as Kubernetes would: one crash never takes the whole product down. Ctrl-C stops everything in
// order.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, checkNode, ensureDependencies, ensureExiftool, fail } from './prepare.mjs';
import { printPrefixed, startProduct, stopAllServices } from './product.mjs';
import { DEFAULT_METRICS_PORTS, DEFAULT_PORTS, LOCAL_DEV_ENV, REPO_ROOT } from './services.mjs';
import { RESTART_BACKOFF } from './supervisor.mjs';

const LOCAL_PORTS = { postgres: 54329, nats: 42229, s3: 45679, smtp: 42525, mailInbox: 42580 };
const DATA_DIR = path.join(REPO_ROOT, '.data');
const LOCAL_S3_CREDENTIALS = { accessKeyId: 'gallery', secretAccessKey: 'gallery-local-secret' };

const say = (line) => printPrefixed('start', line);
const firstLine = (error) => String(error?.message ?? error).split('\n')[0];

/** Everything we started that must be stopped, in start order. */
const running = [];
/** Servers still starting: a Ctrl-C waits for them so they too get a clean stop. */
const starting = new Set();
let shuttingDown = false;

async function shutdown(code, reason) {
  // The first shutdown ends the process; nobody else should carry on meanwhile.
  if (shuttingDown) return new Promise(() => undefined);
  shuttingDown = true;
  if (reason) say(reason);
  await Promise.allSettled(starting);
  say('Stopping...');
  // The services and the gateway (also when still starting), before the servers they use.
  await stopAllServices();
  for (const { name, stop } of running.reverse()) {
    try {
      await stop();
    } catch (error) {
      say(`${name} did not stop cleanly: ${firstLine(error)}`);
    }
  }
  process.exit(code);
}

let interrupts = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupts += 1;
    // A second Ctrl-C does not wait; the exit hooks still kill the servers.
    if (interrupts > 1) process.exit(130);
    void shutdown(0);
  });
}

checkNode('start');

// One npm start per checkout: a second one would fight over the ports and the data.
const PID_FILE = path.join(DATA_DIR, 'start.pid');
/** The pid in `file` if that process still runs (and, where /proc tells, is `program`: pids get reused). */
const livePid = (file, program) => {
  let pid;
  try {
    pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    process.kill(pid, 0);
  } catch (error) {
    if (error.code !== 'EPERM') return undefined;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(program) ? pid : undefined;
  } catch {
    return pid;
  }
};
const otherStart = livePid(PID_FILE, 'start.mjs');
if (otherStart && otherStart !== process.pid) {
  fail(
    'start',
    `npm start is already running here (pid ${otherStart}): stop it first (Ctrl-C in its terminal, or kill ${otherStart})`,
  );
}
mkdirSync(DATA_DIR, { recursive: true });
writeFileSync(PID_FILE, `${process.pid}\n`);

// The key guests' identities are signed with: kept under .data/ so the identities browsers hold (and with them
// each guest's right to delete their own photos) survive a restart, unless GUEST_IDENTITY_KEY is given.
const GUEST_IDENTITY_KEY_FILE = path.join(DATA_DIR, 'guest-identity-key');
if (!process.env.GUEST_IDENTITY_KEY) {
  if (!existsSync(GUEST_IDENTITY_KEY_FILE)) {
    writeFileSync(GUEST_IDENTITY_KEY_FILE, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  }
  process.env.GUEST_IDENTITY_KEY = readFileSync(GUEST_IDENTITY_KEY_FILE, 'utf8').trim();
}
process.on('exit', () => rmSync(PID_FILE, { force: true }));

await ensureDependencies('start');
await build('start');
await ensureExiftool('start');

const servers = await import(
  pathToFileURL(path.join(REPO_ROOT, 'packages/local-servers/dist/index.js')).href
);

const local = {
  postgres: !process.env.DATABASE_URL,
  nats: !process.env.NATS_URL,
  s3: !process.env.S3_ENDPOINT,
  mail: !process.env.SMTP_URL,
};
if (!local.s3 && !(process.env.S3_ACCESS_KEY_ID && process.env.S3_SECRET_ACCESS_KEY)) {
  fail('start', 'S3_ENDPOINT is set but S3_ACCESS_KEY_ID or S3_SECRET_ACCESS_KEY is not: set both');
}

// As root, PostgreSQL runs as user postgres: a checkout it cannot enter (root's 0700 home) keeps its cluster
// under /var/lib/wedding-gallery instead, the same folder at every start.
const postgresDir = local.postgres
  ? await servers
      .postgresDataDir(path.join(DATA_DIR, 'postgres'))
      .catch((error) => fail('start', `${firstLine(error)} (or set DATABASE_URL)`))
  : undefined;
if (postgresDir && postgresDir !== path.join(DATA_DIR, 'postgres')) {
  say(`PostgreSQL keeps its data in ${postgresDir}: its user, postgres, cannot reach ${DATA_DIR}`);
}

// Check every fixed port first, so a conflict costs one clear line instead of a half-started product.
const wanted = [
  ...(local.postgres
    ? [['PostgreSQL', LOCAL_PORTS.postgres, ', or set DATABASE_URL to use another PostgreSQL']]
    : []),
  ...(local.nats ? [['NATS', LOCAL_PORTS.nats, ', or set NATS_URL to use another NATS']] : []),
  ...(local.s3 ? [['S3', LOCAL_PORTS.s3, ', or set S3_ENDPOINT to use other object storage']] : []),
  ...(local.mail
    ? [
        ['mail catcher SMTP', LOCAL_PORTS.smtp, ', or set SMTP_URL to use another mail server'],
        ['mail catcher inbox', LOCAL_PORTS.mailInbox, ', or set SMTP_URL to use another mail server'],
      ]
    : []),
  ...Object.entries(DEFAULT_PORTS).map(([name, port]) => [name, port, '']),
  ...Object.entries(DEFAULT_METRICS_PORTS).map(([name, port]) => [`${name} metrics`, port, '']),
];
let conflicts = 0;
for (const [what, port, alternative] of wanted) {
  if (await servers.isPortFree(port)) continue;
  conflicts += 1;
  const leftover =
    what === 'PostgreSQL' ? livePid(path.join(postgresDir, 'postmaster.pid'), 'postgres') : undefined;
  say(
    leftover
      ? `Port ${port} is held by a PostgreSQL left running by an earlier npm start: stop it with kill ${leftover}`
      : `Port ${port} (${what}) is in use by another program: stop it${alternative}`,
  );
}
if (conflicts > 0) process.exit(1);

const serverStopped = (name) => (exit) =>
  void shutdown(
    1,
    `${name} stopped unexpectedly (${exit.signal ?? `exit code ${exit.code}`}); see its output above`,
  );
const logFor = (name) => (line) => printPrefixed(name, line);

async function bringUp(name, start) {
  const pending = start();
  starting.add(pending);
  const server = await pending;
  running.push({ name, stop: () => server.stop() });
  starting.delete(pending);
  return server;
}

const [postgres, nats, s3, mail] = await Promise.allSettled([
  local.postgres
    ? bringUp('postgres', () =>
        servers.startPostgres({
          dataDir: postgresDir,
          port: LOCAL_PORTS.postgres,
          persistent: true,
          log: logFor('postgres'),
          onUnexpectedExit: serverStopped('postgres'),
        }),
      )
    : undefined,
  local.nats
    ? bringUp('nats', () =>
        servers.startNats({
          dataDir: path.join(DATA_DIR, 'nats'),
          port: LOCAL_PORTS.nats,
          log: logFor('nats'),
          onUnexpectedExit: serverStopped('nats'),
        }),
      )
    : undefined,
  local.s3
    ? bringUp('s3', () =>
        servers.startS3({
          dataDir: path.join(DATA_DIR, 's3'),
          port: LOCAL_PORTS.s3,
          ...LOCAL_S3_CREDENTIALS,
          log: logFor('s3'),
          onUnexpectedExit: serverStopped('s3'),
        }),
      )
    : undefined,
  local.mail
    ? bringUp('mail', () =>
        servers.startMailCatcher({
          dataDir: path.join(DATA_DIR, 'mail'),
          smtpPort: LOCAL_PORTS.smtp,
          webPort: LOCAL_PORTS.mailInbox,
          log: logFor('mail'),
          onUnexpectedExit: serverStopped('mail'),
        }),
      )
    : undefined,
]);
const alternatives = { DATABASE_URL: postgres, NATS_URL: nats, S3_ENDPOINT: s3, SMTP_URL: mail };
for (const [variable, result] of Object.entries(alternatives)) {
  if (result.status === 'rejected') await shutdown(1, `${firstLine(result.reason)} (or set ${variable})`);
}

const platformEnv = {
  DATABASE_URL: process.env.DATABASE_URL ?? postgres.value.url('postgres'),
  NATS_URL: process.env.NATS_URL ?? nats.value.url,
  S3_ENDPOINT: process.env.S3_ENDPOINT ?? s3.value.endpoint,
  S3_REGION: local.s3 ? s3.value.region : (process.env.S3_REGION ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID ?? s3.value.accessKeyId,
  S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY ?? s3.value.secretAccessKey,
  SMTP_URL: process.env.SMTP_URL ?? mail.value.smtpUrl,
  ...(process.env.MAIL_FROM && { MAIL_FROM: process.env.MAIL_FROM }),
  BACKUP_SECRET_KEY: process.env.BACKUP_SECRET_KEY ?? localBackupKey(),
};

/**
 * The key the backup service seals drives' credentials with, made once and kept under .data/ (readable by this
 * user only): a new key at each start would leave every connected drive's credentials unreadable.
 */
function localBackupKey() {
  const file = path.join(DATA_DIR, 'backup-secret-key');
  if (!existsSync(file)) writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

try {
  const product = await startProduct({
    platformEnv,
    port: DEFAULT_PORTS.gateway,
    servicePorts: {
      events: DEFAULT_PORTS.events,
      media: DEFAULT_PORTS.media,
      billing: DEFAULT_PORTS.billing,
      download: DEFAULT_PORTS.download,
      backup: DEFAULT_PORTS.backup,
      faces: DEFAULT_PORTS.faces,
    },
    metricsPorts: DEFAULT_METRICS_PORTS,
    // WEB_DEV_ORIGINS from the environment wins (another dev server port), else the Vite dev server's default.
    gatewayEnv: { WEB_DEV_ORIGINS: process.env.WEB_DEV_ORIGINS ?? LOCAL_DEV_ENV.WEB_DEV_ORIGINS },
    log: printPrefixed,
    restartBackoff: RESTART_BACKOFF,
  });
  if (!shuttingDown) {
    console.log(`Ready: open ${product.url}`);
    if (local.mail) console.log(`Mail (order confirmations, receipts): read it at ${mail.value.webUrl}`);
    if (!process.env.STRIPE_SECRET_KEY)
      console.log('Payments: demo checkout (set STRIPE_SECRET_KEY to use Stripe)');
  }
  // Child processes do not hold the event loop open; we run until a signal or a crash.
  setInterval(() => undefined, 60_000);
} catch (error) {
  await shutdown(1, firstLine(error));
}
