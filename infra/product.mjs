// Starts the product's processes (services, then the gateway) against given backing servers, the way
// `npm start` does. Used by infra/start.mjs, the browser tests and the benchmarks.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import readline from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { REPO_ROOT, SERVICE_DATABASES, serviceDefinitions } from './services.mjs';
import { restartOnExit } from './supervisor.mjs';

// What a container has besides its configuration; nothing else of ours leaks in (NODE_OPTIONS from Jest, say).
const BASE_ENV_KEYS = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];

const COLOURS = {
  events: 36,
  media: 35,
  billing: 96,
  gateway: 32,
  mail: 90,
  postgres: 34,
  nats: 33,
  s3: 94,
  start: 1,
  test: 1,
};
const useColour = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;

// eslint-disable-next-line no-control-regex
const ANSI_ESCAPES = /\u001b\[[0-9;]*[A-Za-z]/g;

/** `[name] line`, the name in its own colour on a terminal; no escape codes at all into a file or pipe. */
export function prefixed(name, line) {
  const tag = `[${name}]`;
  return useColour
    ? `\u001b[${COLOURS[name] ?? 37}m${tag}\u001b[0m ${line}`
    : `${tag} ${line.replace(ANSI_ESCAPES, '')}`;
}

export function printPrefixed(name, line) {
  process.stdout.write(`${prefixed(name, line)}\n`);
}

// findFreePort repeats a small helper of @gallery/local-servers on purpose: this file is loaded by npm start and
// npm test before anything is installed or built.
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Refuses a port given to us that another server holds, before any service starts: otherwise five services would
 * start only for the gateway to fail at the end.
 */
function ensurePortFree(port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is taken by another server (EADDRINUSE)`)
          : error,
      ),
    );
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve()));
  });
}

async function answersHealth(url) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 2000);
  try {
    const response = await fetch(url, { signal: abort.signal });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Creates each service's database on the server behind DATABASE_URL unless it exists. */
export async function ensureServiceDatabases(serverUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const name of Object.values(SERVICE_DATABASES)) {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount > 0) continue;
      await client.query(`CREATE DATABASE "${name}"`).catch((error) => {
        // created by someone else in between
        if (error.code !== '42P04') throw error;
      });
    }
  } finally {
    await client.end();
  }
}

/**
 * What a service prints once it has bound its port. Readiness waits for it, not for the port to answer: another
 * server holding a port we picked (a parallel test's) answers too, while ours fails to bind it.
 */
const LISTENING = /\blistening on\b/;
/** Attempts at starting on ports picked here, when one of them was taken between picking and binding it. */
const START_ATTEMPTS = 3;
/** How Node says a port was taken (isAddressInUse of @gallery/local-servers, repeated for the reason above). */
const ADDRESS_IN_USE = /EADDRINUSE|address already in use/i;
/** How many of a service's last log lines are told when it exits unasked. */
const LAST_LINES_KEPT = 20;
const running = new Set();
/** The restarts of every product started with `restartBackoff`: a Ctrl-C ends them before it stops the processes. */
const supervisors = new Set();
let exitHookInstalled = false;

function launch(service, log, onExit) {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // Safety net for a caller that never calls stop().
    process.on('exit', () => running.forEach((state) => state.child.kill('SIGKILL')));
  }
  const env = { ...service.env };
  for (const key of BASE_ENV_KEYS) if (process.env[key] !== undefined) env[key] = process.env[key];
  const child = spawn(process.execPath, [...(service.nodeArgs ?? []), service.entry], {
    env,
    cwd: path.dirname(path.dirname(service.entry)),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: a Ctrl-C reaches only our parent, which stops things in order.
    detached: true,
  });
  // Its last lines, told with its exit: a caller that drops the logs (a bench) still learns why it stopped.
  const lastLines = [];
  const state = { name: service.name, child, stopping: false, exit: undefined, saidListening: false };
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      // Each service and the gateway say so once their port is bound (their main.ts).
      if (LISTENING.test(line)) state.saidListening = true;
      lastLines.push(line);
      if (lastLines.length > LAST_LINES_KEPT) lastLines.shift();
      log(service.name, line);
    });
    // Like the backing servers, services do not keep the caller alive: a test that forgets stop() still
    // ends, and the exit hook above takes them down.
    stream.unref();
  }
  child.unref();
  running.add(state);
  state.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(state);
      state.exit = { name: service.name, code, signal, lastLines };
      if (!state.stopping) onExit(state.exit);
      resolve(state.exit);
    });
  });
  return state;
}

async function stopProcess(state, graceMs = 10_000) {
  state.stopping = true;
  if (state.exit) return;
  state.child.kill('SIGTERM');
  const timer = setTimeout(() => state.child.kill('SIGKILL'), graceMs);
  await state.exited;
  clearTimeout(timer);
}

async function waitFor(what, state, isReady, deadline) {
  for (;;) {
    if (state.exit) {
      throw new Error(`${describeExit(state.exit)}\n(before ${what})`);
    }
    if (await isReady()) return;
    if (Date.now() > deadline) throw new Error(`${state.name} timed out before ${what}`);
    await delay(150);
  }
}

/** Stops every service process of this Node process, gateways first; for a Ctrl-C while still starting. */
export async function stopAllServices() {
  for (const supervisor of supervisors) supervisor.stop();
  const states = [...running];
  for (const state of states.filter((s) => isGateway(s))) await stopProcess(state);
  await Promise.all(states.filter((s) => !isGateway(s)).map((s) => stopProcess(s)));
}

/** The gateway and its extra replicas (`gateway-2`, ...). */
function isGateway({ name }) {
  return name === 'gateway' || name.startsWith('gateway-');
}

/**
 * The definitions with extra replicas of the gateway and of media: each on its own port with the same
 * configuration otherwise (one database, one NATS, one bucket). Gateway replica i sends its media requests to
 * media replica i (modulo their number), so uploads asked for through one are confirmed through another.
 */
function withReplicas(definitions, { gatewayPorts, mediaPorts }) {
  const media = definitions.find((service) => service.name === 'media');
  const gateway = definitions.find((service) => service.name === 'gateway');
  const replica = (service, name, port, env = {}) => ({
    ...service,
    name,
    port,
    // A replica's metrics on a port of its own, picked when it binds.
    env: {
      ...service.env,
      PORT: String(port),
      ...(service.env.METRICS_PORT && { METRICS_PORT: '0' }),
      ...env,
    },
  });
  const medias = mediaPorts.map((port, i) => (i === 0 ? media : replica(media, `media-${i + 1}`, port)));
  const gateways = gatewayPorts.map((port, i) =>
    i === 0 && mediaPorts.length === 1
      ? gateway
      : replica(gateway, i === 0 ? 'gateway' : `gateway-${i + 1}`, port, {
          MEDIA_URL: `http://127.0.0.1:${mediaPorts[i % mediaPorts.length]}`,
        }),
  );
  return [
    ...definitions.filter((service) => service.name !== 'gateway' && service.name !== 'media'),
    ...medias,
    ...gateways,
  ];
}

function describeExit({ name, code, signal, lastLines = [] }) {
  const said = lastLines.length > 0 ? `; its last lines:\n${lastLines.join('\n')}` : '';
  return `${name} exited (${signal ?? `code ${code}`})${said}`;
}

/**
 * A local mail catcher (maildev) on free ports with its messages in a fresh temporary folder, for a product
 * started without SMTP_URL: the services' mail is kept there and readable in its web inbox.
 */
async function startLocalMailCatcher(repoRoot, log) {
  const servers = await import(
    pathToFileURL(path.join(repoRoot, 'packages/local-servers/dist/index.js')).href
  );
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'gallery-mail-'));
  try {
    const catcher = await servers.startMailCatcher({
      dataDir,
      smtpPort: await findFreePort(),
      webPort: await findFreePort(),
      log: (line) => log('mail', line),
    });
    return {
      smtpUrl: catcher.smtpUrl,
      webUrl: catcher.webUrl,
      async stop() {
        await catcher.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Starts events, media, billing and the gateway as separate processes against the backing servers in `platformEnv`
 * and resolves once the gateway answers GET /health/ready.
 *
 * @param {object} options
 * @param {import('./services.mjs').PlatformEnv} options.platformEnv
 * @param {number} [options.port] The gateway's port (the product's URL); a free one when omitted or 0.
 * @param {{ events?: number, media?: number, billing?: number, download?: number, backup?: number, faces?: number }} [options.servicePorts] Free ports when omitted.
 * @param {(name: string, line: string) => void} [options.log] Each output line of each process.
 * @param {(exit: { name: string, code: number | null, signal: string | null }) => void} [options.onExit]
 *   Called when a process ends without stop() having been called (and is not restarted).
 * @param {{ initialMs: number, maxMs: number, resetAfterMs: number }} [options.restartBackoff] When given, a
 *   process that exits once the product is up is started again after this back-off (supervisor.mjs), as often as
 *   it exits, each restart logged under `start`: what `npm start` does.
 * @param {number} [options.readyTimeoutMs]
 * @param {string} [options.repoRoot] Where the built services are (tests may point elsewhere).
 * @param {Record<string, string>} [options.gatewayEnv] Extra gateway configuration (the bench trusts its own proxy headers).
 * @param {Record<string, Record<string, string>>} [options.serviceEnv] Extra configuration by service name
 *   (`media`, ...), for every replica of it (the benchmarks' profiler options).
 * @param {Record<string, string[]>} [options.nodeArgs] Node options by service name, for every replica of it
 *   (`{ gateway: ['--cpu-prof'] }` for the benchmarks' profiles).
 * @param {number} [options.gatewayReplicas] Gateways to start (1 unless told), all on one NATS; `gatewayUrls` lists them.
 * @param {number} [options.mediaReplicas] Media services to start (1 unless told), sharing one database, NATS
 *   and bucket; gateway replica i uses media replica i (modulo their number).
 *   Without `platformEnv.SMTP_URL` a local mail catcher is started (and stopped with the product): `mail.webUrl`
 *   is its inbox. With SMTP_URL given, `mail` is null.
 * @param {{ gateway: number, events: number, media: number, billing: number, download: number, backup: number, faces: number }} [options.metricsPorts]
 *   Where each process serves GET /metrics; free ports when omitted (`metricsPorts` in the result).
 * @param {() => Promise<number>} [options.pickPort] Where ports not given come from (findFreePort; tests).
 *   When one of them is taken before its service binds it, the whole product starts again on new ones.
 * @returns {Promise<{ url: string, gatewayUrls: string[], ports: { gateway: number, events: number, media: number, billing: number, download: number, backup: number, faces: number }, metricsPorts: { gateway: number, events: number, media: number, billing: number, download: number, backup: number, faces: number }, mediaPorts: number[], pids: Record<string, number>, mail: { webUrl: string } | null, stop(): Promise<void>, restart(name: string, options?: { signal?: NodeJS.Signals }): Promise<void> }>}
 */
export async function startProduct(options) {
  // Only ports picked here can be picked again.
  const picksAll = !options.port && Object.keys(options.servicePorts ?? {}).length === 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return await startProductOnce(options);
    } catch (error) {
      if (!picksAll || attempt >= START_ATTEMPTS || !ADDRESS_IN_USE.test(error.message)) throw error;
    }
  }
}

async function startProductOnce({
  platformEnv,
  port,
  servicePorts = {},
  log = printPrefixed,
  onExit = () => undefined,
  readyTimeoutMs = 90_000,
  repoRoot = REPO_ROOT,
  gatewayEnv = {},
  gatewayReplicas = 1,
  mediaReplicas = 1,
  serviceEnv = {},
  nodeArgs = {},
  pickPort = findFreePort,
  restartBackoff,
  metricsPorts: givenMetricsPorts,
}) {
  for (const given of [port, ...Object.values(servicePorts)].filter(Boolean)) await ensurePortFree(given);
  const ports = {
    gateway: port || (await pickPort()),
    events: servicePorts.events || (await pickPort()),
    media: servicePorts.media || (await pickPort()),
    billing: servicePorts.billing || (await pickPort()),
    download: servicePorts.download || (await pickPort()),
    backup: servicePorts.backup || (await pickPort()),
    faces: servicePorts.faces || (await pickPort()),
  };
  const metricsPorts = givenMetricsPorts ?? {
    gateway: await pickPort(),
    events: await pickPort(),
    media: await pickPort(),
    billing: await pickPort(),
    download: await pickPort(),
    backup: await pickPort(),
    faces: await pickPort(),
  };
  const gatewayPorts = [ports.gateway];
  while (gatewayPorts.length < gatewayReplicas) gatewayPorts.push(await pickPort());
  const mediaPorts = [ports.media];
  while (mediaPorts.length < mediaReplicas) mediaPorts.push(await pickPort());
  const entries = serviceDefinitions(platformEnv, { ports, repoRoot }).map((service) => service.entry);
  const missing = entries.filter((entry) => !existsSync(entry));
  if (missing.length > 0) {
    throw new Error(
      `Not built: ${missing.map((entry) => path.relative(repoRoot, entry)).join(', ')} (run npm run build)`,
    );
  }
  try {
    await ensureServiceDatabases(platformEnv.DATABASE_URL);
  } catch (error) {
    const server = new URL(platformEnv.DATABASE_URL);
    server.password = '';
    throw new Error(`Cannot create the service databases on ${server}: ${error.message}`, { cause: error });
  }
  const mailCatcher = platformEnv.SMTP_URL ? undefined : await startLocalMailCatcher(repoRoot, log);
  const env = {
    ...platformEnv,
    ...(mailCatcher && { SMTP_URL: mailCatcher.smtpUrl }),
    // The key drives' credentials are sealed with: kept by npm start, one per product otherwise.
    BACKUP_SECRET_KEY:
      platformEnv.BACKUP_SECRET_KEY ?? process.env.BACKUP_SECRET_KEY ?? randomBytes(32).toString('base64'),
  };
  const definitions = withReplicas(
    serviceDefinitions(env, { ports, metricsPorts, repoRoot }).map((service) =>
      service.name === 'gateway' ? { ...service, env: { ...service.env, ...gatewayEnv } } : service,
    ),
    { gatewayPorts, mediaPorts },
  ).map((service) => {
    const name = service.name.replace(/-\d+$/, '');
    const extra = serviceEnv[name];
    return {
      ...service,
      env: extra ? { ...service.env, ...extra } : service.env,
      nodeArgs: [...(service.nodeArgs ?? []), ...(nodeArgs[name] ?? [])],
    };
  });

  const url = `http://localhost:${ports.gateway}`;
  const started = [];
  const restarts = [];
  const stop = async () => {
    for (const supervisor of restarts) {
      supervisor.stop();
      supervisors.delete(supervisor);
    }
    // The gateway first, so nobody is routed to a service that is going away.
    for (const state of [...started].reverse().filter((s) => isGateway(s))) await stopProcess(state);
    await Promise.all(started.filter((s) => !isGateway(s)).map((s) => stopProcess(s)));
    await mailCatcher?.stop();
  };

  // Exits during start-up are reported by the rejection instead.
  let ready = false;
  const notify = (exit) => {
    if (ready && !restartBackoff) onExit(exit);
  };
  const deadline = Date.now() + readyTimeoutMs;
  try {
    const services = definitions.filter((service) => !isGateway(service));
    for (const service of services) started.push(launch(service, log, notify));
    // The gateway composes the services' schemas when it starts, so they must be listening first.
    await Promise.all(
      started.map((state) => waitFor('listening', state, async () => state.saidListening, deadline)),
    );
    const gateways = definitions.filter((service) => isGateway(service));
    await Promise.all(
      gateways.map(async (definition) => {
        const gateway = launch(definition, log, notify);
        started.push(gateway);
        await waitFor(
          'ready (/health/ready)',
          gateway,
          async () => {
            const exited = started.find((state) => state.exit);
            if (exited) throw new Error(describeExit(exited.exit));
            return (
              gateway.saidListening &&
              (await answersHealth(`http://127.0.0.1:${definition.port}/health/ready`))
            );
          },
          deadline,
        );
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  ready = true;
  const exitedEarly = started.find((state) => state.exit);
  if (exitedEarly && !restartBackoff) onExit(exitedEarly.exit);
  const gatewayUrls = gatewayPorts.map((gatewayPort) => `http://localhost:${gatewayPort}`);
  const pids = Object.fromEntries(started.map((state) => [state.name, state.child.pid]));
  if (restartBackoff) {
    started.forEach((first, index) => {
      const definition = definitions.find((service) => service.name === first.name);
      const supervisor = restartOnExit({
        name: first.name,
        first,
        launch: () => {
          const again = launch(definition, log, notify);
          started[index] = again;
          pids[first.name] = again.child.pid;
          return again;
        },
        say: (line) => log('start', line),
        backoff: restartBackoff,
      });
      restarts.push(supervisor);
      supervisors.add(supervisor);
    });
  }
  /**
   * Ends service `name` with `signal` (SIGKILL: a crash, nothing closed), the processes it started with it (its
   * process group, as a container's), and starts it again as before, on its port; resolves once it listens
   * again, `pids` then naming the new process. What a container platform does to a service that died.
   */
  const restart = async (name, { signal = 'SIGKILL' } = {}) => {
    const index = started.findIndex((state) => state.name === name && !state.exit);
    const definition = definitions.find((service) => service.name === name);
    if (index < 0 || !definition || isGateway(definition)) throw new Error(`no running service ${name}`);
    const ended = started[index];
    ended.stopping = true;
    process.kill(-ended.child.pid, signal);
    await ended.exited;
    const again = launch(definition, log, notify);
    started[index] = again;
    pids[name] = again.child.pid;
    await waitFor('listening again', again, async () => again.saidListening, Date.now() + readyTimeoutMs);
  };
  return {
    url,
    gatewayUrls,
    ports,
    metricsPorts,
    mediaPorts,
    pids,
    mail: mailCatcher ? { webUrl: mailCatcher.webUrl } : null,
    stop,
    restart,
  };
}
