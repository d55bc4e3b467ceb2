// @ts-check
// Idle memory: each process's resident memory once the product has started and settled, with no traffic, the
// floor of its memory request in deploy/kubernetes (docs/deploy.md); then what each spends idle, in ms of CPU a
// second over the next `--cpu-seconds` (timers, polls, collections): what a product waiting for its wedding costs.
//
//   npm run build && node bench/idle-memory.mjs [--settle=20] [--cpu-seconds=60]
//
// PostgreSQL, NATS and the S3 server as local processes, the services and the gateway as npm start runs them
// (their Node arguments and environment from infra/services.mjs); VmRSS and CPU time from /proc.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort, startNats, startPostgres, startS3 } from '../packages/local-servers/dist/index.js';
import { startProduct } from '../infra/product.mjs';
import { runOnProductNode } from '../infra/product-node.mjs';
import { cpuMs, rssMb } from './proc.mjs';

// The product's code on the images' Node, as it runs in production (infra/product-node.mjs).
await runOnProductNode(import.meta.url, 'bench');

function option(name, fallback) {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const value = Number(raw ?? fallback);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`--${name} must be a number of seconds, got "${raw}"`);
  return value;
}
const settleSeconds = option('settle', 20);
const cpuSeconds = option('cpu-seconds', 60);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'idle-memory-'));
/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];
try {
  const postgres = await startPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    port: await findFreePort(),
    persistent: false,
  });
  cleanups.push(() => postgres.stop());
  const nats = await startNats({ dataDir: path.join(dataDir, 'nats'), port: await findFreePort() });
  cleanups.push(() => nats.stop());
  const s3 = await startS3({
    dataDir: path.join(dataDir, 's3'),
    port: await findFreePort(),
    accessKeyId: 'bench',
    secretAccessKey: 'bench-secret',
  });
  cleanups.push(() => s3.stop());
  const product = await startProduct({
    platformEnv: {
      DATABASE_URL: postgres.url('postgres'),
      NATS_URL: nats.url,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    },
    log: () => undefined,
  });
  cleanups.push(() => product.stop());
  await sleep(settleSeconds * 1000);
  console.log(`resident memory ${settleSeconds} s after start, idle:`);
  for (const [name, pid] of Object.entries(product.pids))
    console.log(`  ${name.padEnd(10)} ${(await rssMb(pid)).toFixed(1)} MB`);
  if (cpuSeconds > 0) {
    const before = {};
    for (const [name, pid] of Object.entries(product.pids)) before[name] = await cpuMs(pid);
    const start = performance.now();
    await sleep(cpuSeconds * 1000);
    const seconds = (performance.now() - start) / 1000;
    console.log(`CPU over the next ${seconds.toFixed(0)} s, idle:`);
    for (const [name, pid] of Object.entries(product.pids)) {
      const perSecond = ((await cpuMs(pid)) - before[name]) / seconds;
      console.log(`  ${name.padEnd(10)} ${perSecond.toFixed(1)} ms a second`);
    }
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
}
