// @ts-check
// The object storage a bench runs against: by default a local S3 server (s3rver) in its own process, on the same
// cores as everything else; with S3_ENDPOINT set, that storage instead (MinIO or S3 on a host of its own, the
// run that the zip's and ingest's goals need), with S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION
// (us-east-1 when unset) as `npm start` takes them.
//
//   S3_ENDPOINT=http://storage-host:9000 S3_ACCESS_KEY_ID=... S3_SECRET_ACCESS_KEY=... node bench/zip.mjs
import path from 'node:path';
import { DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { findFreePort, startS3 } from '../packages/local-servers/dist/index.js';

/**
 * `{ endpoint, region, accessKeyId, secretAccessKey, pid, elsewhere, stop }`; `pid` (for its CPU time) only for
 * the local server: storage elsewhere is not measured. `buckets` are created at start on the local server; on
 * storage elsewhere the bench creates what it needs (the services create theirs).
 */
/** @param {{ dataDir: string, buckets?: string[] }} options */
export async function benchStorage({ dataDir, buckets = [] }) {
  const endpoint = process.env.S3_ENDPOINT;
  if (endpoint) {
    const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = process.env;
    if (!accessKeyId || !secretAccessKey) {
      throw new Error('S3_ENDPOINT needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY as well');
    }
    return {
      endpoint,
      region: process.env.S3_REGION || 'us-east-1',
      accessKeyId,
      secretAccessKey,
      pid: undefined,
      elsewhere: true,
      stop: async () => undefined,
    };
  }
  const local = await startS3({
    dataDir: path.join(dataDir, 's3'),
    port: await findFreePort(),
    accessKeyId: 'bench',
    secretAccessKey: 'bench-secret',
    buckets,
  });
  return {
    endpoint: local.endpoint,
    region: local.region,
    accessKeyId: local.accessKeyId,
    secretAccessKey: local.secretAccessKey,
    pid: local.pid,
    elsewhere: false,
    stop: () => local.stop(),
  };
}

/** How a bench names its storage in what it prints. */
export function describeStorage(storage) {
  return storage.elsewhere
    ? `storage at ${new URL(storage.endpoint).host} (S3_ENDPOINT; its CPU not measured)`
    : 'storage: a local S3 server (s3rver) on the same cores';
}

/** Deletes every object in `bucket`, then the bucket: what a bench made on storage elsewhere. */
export async function removeBucket(client, bucket) {
  let token;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    const keys = (page.Contents ?? []).map((object) => ({ Key: object.Key }));
    if (keys.length > 0) {
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  await client.send(new DeleteBucketCommand({ Bucket: bucket }));
}
