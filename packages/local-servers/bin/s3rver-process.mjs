// An S3-protocol server (s3rver) in its own process, started by startS3() in ../src/s3.ts.
// Plain JavaScript so the same file runs whether the caller is the compiled package or its sources under Jest.
// Configuration comes as JSON in S3RVER_OPTIONS; readiness is reported over the IPC channel.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';
import corsMiddleware from 's3rver/lib/middleware/cors.js';
import AWSAccount from 's3rver/lib/models/account.js';
import { SignatureRefusal, verifySignature } from './s3rver-signatures.mjs';
import { mendFilesystemStore } from './s3rver-store.mjs';

mendFilesystemStore();

const { port, directory, accessKeyId, secretAccessKey, buckets, corsXml, refuseOverwrites } = JSON.parse(
  process.env.S3RVER_OPTIONS,
);

// s3rver only knows the key "S3RVER"; it rejects any other key id with InvalidAccessKeyId. It verifies no V4
// signature and serves anonymous requests: the signature check below, in front of everything, does.
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

// s3rver 3 answers AbortMultipartUpload, ListMultipartUploads and ListParts with an error, and keeps an aborted
// upload's parts forever: all three are added here, in front of its own routes, as S3 answers them (path-style requests).
// s3rver keeps the uploads in flight in <directory>/<bucket>/._S3rver_uploads/<uploadId>/ (the key in "key").
const uploadsDir = (bucket) => path.join(directory, bucket, '._S3rver_uploads');
const SAFE_NAME = /^[\w.-]+$/;
const escapeXml = (text) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c],
  );

function noSuchUpload(ctx, id) {
  ctx.status = 404;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escapeXml(id)}</UploadId></Error>`;
}

async function uploadsInFlight(bucket) {
  const ids = await readdir(uploadsDir(bucket)).catch(() => []);
  const uploads = [];
  for (const id of ids) {
    const dir = path.join(uploadsDir(bucket), id);
    const key = await readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
    if (key !== null) uploads.push({ id, key, initiated: (await stat(dir)).birthtime });
  }
  return uploads.sort((a, b) => a.key.localeCompare(b.key) || a.id.localeCompare(b.id));
}

// S3 refuses a PUT carrying "If-None-Match: *" to a key that already holds an object (a conditional write);
// s3rver 3 ignores the header. Answered as S3 does, with the bucket's CORS headers so a browser can read the 412.
// (A presigned URL signed for the header and sent without it fails its signature, below.) Checked before the body
// is stored, not atomically against a PUT finishing at that moment.
const cors = corsMiddleware();
function answer(ctx, status, code, message) {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}
async function putOnce(ctx, bucket, key) {
  if (ctx.get('if-none-match').trim() !== '*') return false;
  if (!(await server.store.existsObject(bucket, key))) return false;
  ctx.params = { bucket, key };
  await cors(ctx, async () =>
    answer(ctx, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold'),
  );
  return true;
}

server.middleware.unshift(async (ctx, next) => {
  const [, bucket, ...keyParts] = ctx.path.split('/');
  if (!bucket || !SAFE_NAME.test(bucket)) return next();
  const key = keyParts.map(decodeURIComponent).join('/');
  if (
    refuseOverwrites !== false &&
    ctx.method === 'PUT' &&
    key &&
    !('uploadId' in ctx.query) &&
    (await putOnce(ctx, bucket, key))
  ) {
    return;
  }
  if (ctx.method === 'DELETE' && key && typeof ctx.query.uploadId === 'string') {
    const id = ctx.query.uploadId;
    const upload = SAFE_NAME.test(id) && (await uploadsInFlight(bucket)).find((u) => u.id === id);
    if (!upload || upload.key !== key) {
      noSuchUpload(ctx, id);
      return;
    }
    await rm(path.join(uploadsDir(bucket), id), { recursive: true, force: true });
    ctx.status = 204;
    return;
  }
  if (ctx.method === 'GET' && key && typeof ctx.query.uploadId === 'string') {
    const id = ctx.query.uploadId;
    const upload = SAFE_NAME.test(id) && (await uploadsInFlight(bucket)).find((u) => u.id === id);
    if (!upload || upload.key !== key) {
      noSuchUpload(ctx, id);
      return;
    }
    const dir = path.join(uploadsDir(bucket), id);
    const numbers = (await readdir(dir))
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = [];
    for (const number of numbers) {
      const md5 = await readFile(path.join(dir, `${number}.md5`), 'utf8').catch(() => null);
      // A part still being written has no .md5 yet: S3 lists only parts it finished.
      if (md5 === null) continue;
      const info = await stat(path.join(dir, String(number)));
      parts.push(
        `<Part><PartNumber>${number}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified>` +
          `<ETag>&quot;${escapeXml(md5.trim())}&quot;</ETag><Size>${info.size}</Size></Part>`,
      );
    }
    ctx.type = 'application/xml';
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${escapeXml(id)}</UploadId>` +
      `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
    return;
  }
  if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
    const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
    const uploads = (await uploadsInFlight(bucket)).filter((u) => u.key.startsWith(prefix));
    ctx.type = 'application/xml';
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Bucket>${escapeXml(bucket)}</Bucket><Prefix>${escapeXml(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>` +
      uploads
        .map(
          (u) =>
            `<Upload><Key>${escapeXml(u.key)}</Key><UploadId>${escapeXml(u.id)}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
        )
        .join('') +
      `</ListMultipartUploadsResult>`;
    return;
  }
  return next();
});

// Every request signed with the server's key (SigV4, in the header or presigned), as S3 wants of a private bucket:
// anonymous ones, other keys, tampered or expired URLs are refused before anything is read or stored. A browser's
// CORS preflight carries no credentials and is answered as S3 does (s3rver's CORS rules).
server.middleware.unshift(async (ctx, next) => {
  if (ctx.method === 'OPTIONS') return next();
  try {
    verifySignature(ctx.req, { accessKeyId, secretAccessKey });
  } catch (error) {
    if (!(error instanceof SignatureRefusal)) throw error;
    answer(ctx, error.status, error.code, escapeXml(error.message));
    return;
  }
  return next();
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
