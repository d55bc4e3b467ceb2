// An S3-protocol server (s3rver) in its own process, started by startS3() in ../src/s3.ts.
// Plain JavaScript so the same file runs whether the caller is the compiled package or its sources under Jest.
// Configuration comes as JSON in S3RVER_OPTIONS; readiness is reported over the IPC channel.
import S3rver from 's3rver';
import AWSAccount from 's3rver/lib/models/account.js';

const { port, directory, accessKeyId, secretAccessKey, buckets, corsXml } = JSON.parse(
  process.env.S3RVER_OPTIONS,
);

// s3rver only knows the key "S3RVER"; it rejects any other key id with InvalidAccessKeyId.
// (It does not verify V4 signatures, so the secret is not checked.)
AWSAccount.DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);

const server = new S3rver({
  address: '127.0.0.1',
  port,
  directory,
  silent: false,
  // Path-style only: a host name such as "s3" or a container name must not be read as a bucket.
  vhostBuckets: false,
  configureBuckets: buckets.map((name) => ({ name, configs: [corsXml] })),
});

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await server.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
// Our parent went away without stopping us.
process.on('disconnect', shutdown);

const address = await server.run();
process.send?.({ ready: true, port: address.port });
