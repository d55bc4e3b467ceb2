// @ts-check
// The product as npm start runs it, for a bench: PostgreSQL, NATS and the S3 server (or storage elsewhere:
// S3_ENDPOINT, bench/storage.mjs) as local child processes in a fresh folder, then the services and the gateway.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort, startNats, startPostgres } from '../packages/local-servers/dist/index.js';
import { startProduct } from '../infra/product.mjs';
import { benchStorage } from './storage.mjs';

/**
 * Starts everything, pushing a stop for each part onto `cleanups` (run them last first); `productOptions` go to
 * startProduct as they are. Resolves with the running product, its storage, NATS, PostgreSQL and the bench's own
 * folder.
 */
export async function startBenchProduct(name, cleanups, productOptions = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-${name}-`));
  await chmod(dataDir, 0o755);
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const postgres = await startPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    port: await findFreePort(),
    persistent: false,
  });
  cleanups.push(() => postgres.stop());
  const nats = await startNats({ dataDir: path.join(dataDir, 'nats'), port: await findFreePort() });
  cleanups.push(() => nats.stop());
  const s3 = await benchStorage({ dataDir });
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
    // A bench runs on a busy machine too (other suites, another bench): the services may take minutes to start.
    readyTimeoutMs: 300_000,
    ...productOptions,
  });
  cleanups.push(() => product.stop());
  return { product, s3, nats, postgres, dataDir };
}
