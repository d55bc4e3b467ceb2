// The one table of the product's processes and how each is configured: environment variables only, exactly as
// a container gets them. `npm start`, the browser tests and the benchmarks all start the product from here.
// Node built-ins only: this must load before `npm install` has run.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One database per service on the shared PostgreSQL server. */
export const SERVICE_DATABASES = {
  events: 'gallery_events',
  media: 'gallery_media',
  billing: 'gallery_billing',
  download: 'gallery_download',
  backup: 'gallery_backup',
  faces: 'gallery_faces',
};

export const S3_BUCKET = 'gallery-media';

/** Only the gateway is reached from outside; the subgraphs answer on the loopback interface alone. */
const SUBGRAPH_HOST = '127.0.0.1';

/**
 * glibc gives freed buffers of 32 KB and more (a socket read is 64 KB) back to the system at once, instead of
 * keeping them in its arenas: for the processes whose memory is measured against a goal (docs/benchmarks.md).
 */
export const RETURN_FREED_MEMORY_ENV = { MALLOC_MMAP_THRESHOLD_: '32768' };

/**
 * The gateway's: freed buffers of 40 KB and more go back at once (a socket read is 64 KB), but the 32 KB segments
 * V8's optimizing compiler works in stay in glibc's arenas. At RETURN_FREED_MEMORY_ENV's 32 KB each segment was
 * mapped and unmapped, and each unmap interrupts the other core to flush its TLB: on a gateway still optimizing
 * its request path, 45% of its threads beside the JavaScript one. By paired gateways, 3.7 ms of CPU a photo less
 * (docs/benchmarks.md, "Ingest").
 */
export const GATEWAY_MEMORY_ENV = { MALLOC_MMAP_THRESHOLD_: String(40 * 1024) };

/**
 * The opposite, for the media service: glibc keeps freed buffers of up to 32 MB in its arenas, and up to 64 MB free
 * at an arena's top, for the next photo. By default most of each photo's megabyte buffers (libvips' pixels and
 * JPEGs, Node's reads) were pages the kernel handed over and zeroed again: 2,500-2,700 page faults a photo, and
 * libvips' threads spent 6-45% more CPU than bare sharp's on the same images. With this, 900 over a fresh
 * process's first hundred photos and 170 after (bare sharp: 600), libvips within -12% to +14% of bare sharp; the
 * service's peak resident memory 496 -> 561 MB over a burst (docs/decisions.md, "page faults"). Two arenas at
 * most: libvips' worker threads end when idle and new ones start with the next burst, each given an arena of its
 * own (up to 16 on two cores) that keeps its freed buffers, so resident memory grew burst after burst (peak 733 MB
 * over the ingest goal's run); with two, 444 MB, CPU within the rounds' spread. sharp takes every core per image
 * once MALLOC_ARENA_MAX is set: ImageProcessor keeps it at one.
 */
export const KEEP_FREED_MEMORY_ENV = {
  MALLOC_MMAP_THRESHOLD_: String(32 * 1024 * 1024),
  MALLOC_TRIM_THRESHOLD_: String(64 * 1024 * 1024),
  MALLOC_ARENA_MAX: '2',
};

/**
 * How the download service's process runs, wherever it is started (here, docker-compose.yml, bench/zip.mjs): a
 * zip build makes short-lived garbage at the speed of the bytes it copies. V8's young generation is kept at 1 MB
 * semi-spaces (its default grows to 16 MB), and its old generation grows by 10% over what a full collection left
 * (the default lets a long build's garbage pile up first) under a 128 MB cap (the service holds about 55 MB
 * live). With RETURN_FREED_MEMORY_ENV, a 2,000-photo zip peaks within 11 MB of a 100-photo one, both under 150 MB
 * (docs/decisions.md, "the download service's memory").
 */
export const DOWNLOAD_NODE_ARGS = [
  '--max-semi-space-size=1',
  '--max-old-space-size=128',
  '--heap-growing-percent=10',
];

/**
 * How the backup service's process runs, wherever it is started: as the download service, for the same reason
 * (every copy streams an original through short-lived buffers). Without these its resident memory rose from 164 to
 * 194 MB over a 2,000-photo copy; with them and RETURN_FREED_MEMORY_ENV it stays within a few MB of where it
 * started (docs/benchmarks.md, "Backup to a WebDAV drive").
 */
export const BACKUP_NODE_ARGS = DOWNLOAD_NODE_ARGS;

/**
 * How the gateway's process runs, wherever it is started: V8's young generation at 1 MB semi-spaces. Its
 * default grows to 16 MB while the gateway starts and opens thousands of sockets, and stays: with it, 10,000 idle
 * screens of one subscription each took 235 MB; with this and glibc returning freed buffers (now
 * GATEWAY_MEMORY_ENV), 184-186 MB. The live path makes little garbage per screen (results are written as whole
 * frames), so the smaller young generation no longer lengthens a photo's fan-out (docs/decisions.md, "whole frames
 * and a 1 MB young generation").
 */
export const GATEWAY_NODE_ARGS = ['--max-semi-space-size=1'];

/**
 * How the media service's process runs, wherever it is started: V8's old generation may grow to twice what a full
 * collection left before the next one starts. Every photo passes megabytes of buffers through the service; with
 * V8's own growth (about 1.5 times its 50 MB) a full collection of the whole heap ran for nearly every photo, a
 * fifth of the service's CPU. With this, 200 photos of 12 MP take 30-45 full collections instead of 160-200, and
 * media's CPU per photo falls from 275-298 ms to 221-226 (docs/decisions.md, "full collections"). And the old
 * generation starts with room for 256 MB, so the buffers a photo passes through (counted against that room) set
 * off fewer full collections: 35 -> 24 for 200 photos, at no cost in memory (docs/decisions.md, "initial old space").
 */
export const MEDIA_NODE_ARGS = ['--heap-growing-percent=100', '--initial-old-space-size=256'];

/**
 * How the faces service's process runs, wherever it is started: TensorFlow.js' WebAssembly backend keeps its
 * tensors outside V8's heap, and the models take ~30 MB of it; the old generation is capped so a leak shows as a
 * restart, not as a node out of memory.
 */
export const FACES_NODE_ARGS = ['--max-old-space-size=512'];

/** The guest identity key of a product started without GUEST_IDENTITY_KEY: one per run of this process. */
const RUN_GUEST_IDENTITY_KEY = randomBytes(32).toString('base64url');

/** The ports `npm start` uses; startProduct picks free ones unless told. */
export const DEFAULT_PORTS = {
  gateway: 5000,
  events: 5101,
  media: 5102,
  billing: 5103,
  download: 5104,
  backup: 5105,
  faces: 5106,
};

/**
 * Where each process serves GET /metrics (Prometheus) under `npm start`: ports of their own, which the product's
 * port never forwards. startProduct picks free ones.
 */
export const DEFAULT_METRICS_PORTS = {
  gateway: 9400,
  events: 9401,
  media: 9402,
  billing: 9403,
  download: 9404,
  backup: 9405,
  faces: 9406,
};

/**
 * The Vite dev server's page (`npm run dev -w web`): `npm start`'s gateway answers its CORS requests and live
 * socket (WEB_DEV_ORIGINS), as the page calls the gateway on port 5000 directly.
 */
export const LOCAL_DEV_ENV = { WEB_DEV_ORIGINS: 'http://localhost:5173' };

/** Stripe's settings, passed to billing only when set: without STRIPE_SECRET_KEY it runs the demo checkout. */
const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL'];

/**
 * @typedef {object} PlatformEnv Where the backing servers are.
 * @property {string} DATABASE_URL Any database on the PostgreSQL server; each service gets its own database there.
 * @property {string} NATS_URL
 * @property {string} S3_ENDPOINT
 * @property {string} S3_REGION
 * @property {string} S3_ACCESS_KEY_ID
 * @property {string} S3_SECRET_ACCESS_KEY
 * @property {string} [SMTP_URL] Where mail goes (a local mail catcher unless configured).
 * @property {string} [MAIL_FROM] The sender of the product's mail; the services' default when absent.
 * @property {string} [BACKUP_SECRET_KEY] The key the backup service seals drives' credentials with (32 bytes,
 *   base64): `npm start` keeps one under .data/, the product harness makes one per product.
 */

/**
 * The backup service's settings passed on when set: the back-off's ceiling, the worker's pace, and the Google
 * Drive and Dropbox apps (without them those drives are simply not offered).
 */
const BACKUP_VARIABLES = [
  'BACKUP_RETRY_MAX_MS',
  'BACKUP_POLL_MS',
  'BACKUP_CONCURRENCY',
  'BACKUP_LANES_PER_GALLERY',
  'GOOGLE_DRIVE_CLIENT_ID',
  'GOOGLE_DRIVE_CLIENT_SECRET',
  'GOOGLE_DRIVE_AUTHORIZE_URL',
  'GOOGLE_DRIVE_TOKEN_URL',
  'GOOGLE_DRIVE_API_URL',
  'DROPBOX_APP_KEY',
  'DROPBOX_APP_SECRET',
  'DROPBOX_AUTHORIZE_URL',
  'DROPBOX_API_URL',
  'DROPBOX_CONTENT_URL',
];

/**
 * @typedef {object} ServiceDefinition
 * @property {string} name
 * @property {string} entry Absolute path of the built entry point, run with `node`.
 * @property {string[]} [nodeArgs] Node's own arguments, before the entry point.
 * @property {number} port
 * @property {Record<string, string>} env The service's whole configuration.
 */

/** `serverUrl` pointing at `database` instead. */
export function databaseUrl(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/**
 * Maps the backing servers to each service's environment, in start order (the gateway composes the others'
 * schemas, so it comes last).
 * @param {PlatformEnv} platformEnv
 * @param {{ ports?: { gateway: number, events: number, media: number, billing: number, download: number, backup: number, faces: number }, metricsPorts?: { gateway: number, events: number, media: number, billing: number, download: number, backup: number, faces: number }, publicUrl?: string, repoRoot?: string, env?: Record<string, string | undefined> }} [options]
 *   `env` is where STRIPE_* are taken from when set (default: this process's environment). Without
 *   `metricsPorts` no process serves metrics.
 * @returns {ServiceDefinition[]}
 */
export function serviceDefinitions(platformEnv, options = {}) {
  const ports = options.ports ?? DEFAULT_PORTS;
  const root = options.repoRoot ?? REPO_ROOT;
  const publicUrl = options.publicUrl ?? `http://localhost:${ports.gateway}`;
  const { NATS_URL } = platformEnv;
  const outside = options.env ?? process.env;
  /** SMTP_URL, and MAIL_FROM when set: events mails the order confirmation, billing the receipts. */
  const mail = {
    ...(platformEnv.SMTP_URL && { SMTP_URL: platformEnv.SMTP_URL }),
    ...(platformEnv.MAIL_FROM && { MAIL_FROM: platformEnv.MAIL_FROM }),
  };
  const stripe = Object.fromEntries(
    STRIPE_VARIABLES.filter((name) => outside[name]).map((name) => [name, outside[name]]),
  );
  const backupTuning = Object.fromEntries(
    BACKUP_VARIABLES.filter((name) => outside[name]).map((name) => [name, outside[name]]),
  );
  const definitions = [
    {
      name: 'events',
      entry: path.join(root, 'services/events/dist/main.js'),
      port: ports.events,
      env: {
        NODE_ENV: 'production',
        PORT: String(ports.events),
        HOST: SUBGRAPH_HOST,
        DATABASE_URL: databaseUrl(platformEnv.DATABASE_URL, SERVICE_DATABASES.events),
        NATS_URL,
        PUBLIC_URL: publicUrl,
        ...mail,
        // Where the contact page's messages are mailed; the events service's default when absent.
        ...(outside.CONTACT_EMAIL && { CONTACT_EMAIL: outside.CONTACT_EMAIL }),
        // Custom domains: the host their CNAME must name (PUBLIC_URL's by default) and the DNS servers checked.
        ...(outside.CUSTOM_DOMAIN_TARGET && { CUSTOM_DOMAIN_TARGET: outside.CUSTOM_DOMAIN_TARGET }),
        ...(outside.DNS_SERVERS && { DNS_SERVERS: outside.DNS_SERVERS }),
        // Media's key: a guest's PIN tries and code lookups are counted by the identity media signed.
        GUEST_IDENTITY_KEY: outside.GUEST_IDENTITY_KEY ?? RUN_GUEST_IDENTITY_KEY,
      },
    },
    {
      name: 'media',
      entry: path.join(root, 'services/media/dist/main.js'),
      port: ports.media,
      nodeArgs: MEDIA_NODE_ARGS,
      env: {
        NODE_ENV: 'production',
        ...KEEP_FREED_MEMORY_ENV,
        PORT: String(ports.media),
        HOST: SUBGRAPH_HOST,
        DATABASE_URL: databaseUrl(platformEnv.DATABASE_URL, SERVICE_DATABASES.media),
        NATS_URL,
        S3_ENDPOINT: platformEnv.S3_ENDPOINT,
        S3_REGION: platformEnv.S3_REGION,
        S3_ACCESS_KEY_ID: platformEnv.S3_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: platformEnv.S3_SECRET_ACCESS_KEY,
        S3_BUCKET,
        PUBLIC_URL: publicUrl,
        // Signs guests' identities: npm start keeps one under .data/; the browser tests and benches get one per run.
        GUEST_IDENTITY_KEY: outside.GUEST_IDENTITY_KEY ?? RUN_GUEST_IDENTITY_KEY,
      },
    },
    {
      name: 'billing',
      entry: path.join(root, 'services/billing/dist/main.js'),
      port: ports.billing,
      env: {
        NODE_ENV: 'production',
        PORT: String(ports.billing),
        HOST: SUBGRAPH_HOST,
        DATABASE_URL: databaseUrl(platformEnv.DATABASE_URL, SERVICE_DATABASES.billing),
        NATS_URL,
        PUBLIC_URL: publicUrl,
        ...mail,
        ...stripe,
      },
    },
    {
      name: 'download',
      entry: path.join(root, 'services/download/dist/main.js'),
      nodeArgs: DOWNLOAD_NODE_ARGS,
      port: ports.download,
      env: {
        NODE_ENV: 'production',
        PORT: String(ports.download),
        ...RETURN_FREED_MEMORY_ENV,
        HOST: SUBGRAPH_HOST,
        DATABASE_URL: databaseUrl(platformEnv.DATABASE_URL, SERVICE_DATABASES.download),
        NATS_URL,
        // Originals are read from the media bucket and zips written to it under archives/.
        S3_ENDPOINT: platformEnv.S3_ENDPOINT,
        S3_REGION: platformEnv.S3_REGION,
        S3_ACCESS_KEY_ID: platformEnv.S3_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: platformEnv.S3_SECRET_ACCESS_KEY,
        S3_BUCKET,
        // Media's key: a guest's zip requests are counted by the identity media signed.
        GUEST_IDENTITY_KEY: outside.GUEST_IDENTITY_KEY ?? RUN_GUEST_IDENTITY_KEY,
      },
    },
    {
      name: 'backup',
      entry: path.join(root, 'services/backup/dist/main.js'),
      nodeArgs: BACKUP_NODE_ARGS,
      port: ports.backup,
      env: {
        NODE_ENV: 'production',
        PORT: String(ports.backup),
        ...RETURN_FREED_MEMORY_ENV,
        HOST: SUBGRAPH_HOST,
        DATABASE_URL: databaseUrl(platformEnv.DATABASE_URL, SERVICE_DATABASES.backup),
        NATS_URL,
        // Originals are read from the media bucket and copied to the couples' drives.
        S3_ENDPOINT: platformEnv.S3_ENDPOINT,
        S3_REGION: platformEnv.S3_REGION,
        S3_ACCESS_KEY_ID: platformEnv.S3_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: platformEnv.S3_SECRET_ACCESS_KEY,
        S3_BUCKET,
        BACKUP_SECRET_KEY: platformEnv.BACKUP_SECRET_KEY ?? outside.BACKUP_SECRET_KEY ?? '',
        // Where a drive's sign-in comes back to (through the gateway).
        PUBLIC_URL: publicUrl,
        // On one machine a drive may be a local server (a NAS, the tests' WebDAV server); in production it may not.
        BACKUP_ALLOW_PRIVATE_DESTINATIONS: outside.BACKUP_ALLOW_PRIVATE_DESTINATIONS ?? 'true',
        ...backupTuning,
      },
    },
    {
      name: 'faces',
      entry: path.join(root, 'services/faces/dist/main.js'),
      nodeArgs: FACES_NODE_ARGS,
      port: ports.faces,
      env: {
        NODE_ENV: 'production',
        PORT: String(ports.faces),
        HOST: SUBGRAPH_HOST,
        DATABASE_URL: databaseUrl(platformEnv.DATABASE_URL, SERVICE_DATABASES.faces),
        NATS_URL,
        // Previews are read from the media bucket (never written).
        S3_ENDPOINT: platformEnv.S3_ENDPOINT,
        S3_REGION: platformEnv.S3_REGION,
        S3_ACCESS_KEY_ID: platformEnv.S3_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: platformEnv.S3_SECRET_ACCESS_KEY,
        S3_BUCKET,
        // Media's key: a guest's "Find me" searches are counted by the identity media signed.
        GUEST_IDENTITY_KEY: outside.GUEST_IDENTITY_KEY ?? RUN_GUEST_IDENTITY_KEY,
      },
    },
    {
      name: 'gateway',
      entry: path.join(root, 'gateway/dist/main.js'),
      nodeArgs: GATEWAY_NODE_ARGS,
      port: ports.gateway,
      env: {
        NODE_ENV: 'production',
        ...GATEWAY_MEMORY_ENV,
        PORT: String(ports.gateway),
        NATS_URL,
        // Browsers PUT photos to, and are redirected to, object storage: the page's CSP must allow it.
        STORAGE_PUBLIC_URL: new URL(platformEnv.S3_ENDPOINT).origin,
        PUBLIC_URL: publicUrl,
        EVENTS_URL: `http://127.0.0.1:${ports.events}/graphql`,
        MEDIA_URL: `http://127.0.0.1:${ports.media}`,
        BILLING_URL: `http://127.0.0.1:${ports.billing}/graphql`,
        DOWNLOAD_URL: `http://127.0.0.1:${ports.download}/graphql`,
        BACKUP_URL: `http://127.0.0.1:${ports.backup}/graphql`,
        FACES_URL: `http://127.0.0.1:${ports.faces}/graphql`,
        WEB_DIST: path.join(root, 'web/dist'),
      },
    },
  ];
  const { metricsPorts } = options;
  if (!metricsPorts) return definitions;
  return definitions.map((service) => ({
    ...service,
    env: { ...service.env, METRICS_PORT: String(metricsPorts[service.name]) },
  }));
}
