import {
  CreateBucketCommand,
  HeadBucketCommand,
  PutBucketCorsCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { env } from '../config/environment.js';

export interface StorageConfig {
  /** Where the service reaches the S3 API; unset means AWS itself. */
  endpoint?: string;
  /** Where browsers reach it, when that differs (presigned URLs are signed for this host). */
  publicEndpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
}

export function storageConfigFromEnv(): StorageConfig {
  return {
    endpoint: process.env.S3_ENDPOINT || undefined,
    publicEndpoint: process.env.S3_PUBLIC_ENDPOINT || undefined,
    region: env('S3_REGION', 'us-east-1'),
    accessKeyId: env('S3_ACCESS_KEY_ID'),
    secretAccessKey: env('S3_SECRET_ACCESS_KEY'),
    bucket: env('S3_BUCKET'),
  };
}

/** The S3 API answered 404: no such object, key or upload. */
export function isNotFound(error: unknown): boolean {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
}

/**
 * One S3 client shape for AWS, MinIO, R2 and the local S3-protocol server. Checksums only when required: the
 * SDK defaults store aws-chunked framing inside objects on some servers and sign presigned PUTs with the CRC32
 * of an empty body. The middleware stack is resolved once per kind of request, not for each request (resolving
 * it was 5-6% of the media service's JavaScript thread by perf's samples, 3 ms a photo): nothing here adds
 * middleware to a client or a request after it is made. `requestTimeoutMs` fails any try of a request of the client
 * that takes longer (the SDK tries three times). Bodies in memory are not hashed for the signature where the
 * connection itself guarantees them (`unsignedPayloadOver`).
 */
export function createS3Client(
  config: StorageConfig,
  endpoint = config.endpoint,
  limits: { requestTimeoutMs?: number } = {},
): S3Client {
  const options: S3ClientConfig = {
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK asks for "100 Continue" before a body of 2 MB or more, and sends such a request over a connection of
    // its own, closed after it: each photo's guest copy and each zip part opened a new connection and waited a
    // round trip. Storage refusing a PUT the services sign is a misconfiguration, not worth that on every one.
    expectContinueHeader: false,
  };
  if (endpoint) Object.assign(options, { endpoint, forcePathStyle: true });
  // A deadline for every request of this client, set once: a deadline passed with each request (an abort signal)
  // would send it past the handler cache.
  if (limits.requestTimeoutMs) {
    options.requestHandler = { requestTimeout: limits.requestTimeoutMs, throwOnRequestTimeout: true };
  }
  const client = new HandlerCachingS3Client(options);
  if (unsignedPayloadOver(endpoint)) client.sendPayloadsUnsigned();
  return client;
}

/** Requests whose bodies in memory go unhashed over a connection that guarantees them. */
const UNHASHED_COMMANDS = new Set(['PutObjectCommand', 'UploadPartCommand']);

/**
 * Whether a body's SHA-256 can be left out of a request's signature: over TLS (AWS itself, any https endpoint),
 * which already guarantees the bytes arrive as sent, and over loopback, which never leaves the machine. Hashing
 * each thumbnail and preview for the signature was an eighth of the AWS SDK's share of the media service's
 * JavaScript thread in a fresh process (perf's samples: 3.2% of that thread). Over plain HTTP to another machine
 * the hash is what detects a body changed on the way, so it stays. Streams are never hashed (the SDK cannot read
 * them twice).
 */
export function unsignedPayloadOver(endpoint: string | undefined): boolean {
  if (!endpoint) return true;
  const { protocol, hostname } = new URL(endpoint);
  if (protocol === 'https:') return true;
  return hostname === 'localhost' || hostname === '[::1]' || /^127\./.test(hostname);
}

/**
 * Middleware the SDK runs on every request that does nothing these clients need. The logger middleware makes a
 * redacted copy of each request's input and answer for a logger that is not there (none is given: the SDK's
 * no-op one); the user-agent middleware builds the same User-Agent headers again for each request, with regular
 * expressions, for AWS's own statistics, which neither S3 nor the servers speaking its protocol need. Together
 * they cost media's JavaScript thread about 0.8 ms a photo (docs/decisions.md, "what each request and event no
 * longer does").
 */
const UNUSED_MIDDLEWARE = ['loggerMiddleware', 'getUserAgentMiddleware'];

/**
 * An S3 client that resolves each kind of request's middleware once. The SDK's own cache (`cacheMiddleware`)
 * serves only requests sent without options, and any request sent with them (an abort signal) empties it: one
 * deletion with a deadline per photo had every kind resolved again for the next photo, and V8 optimizing the
 * same middleware code again and again. Requests with options go through a second client that caches nothing,
 * so the first one's cache stays whole.
 */
class HandlerCachingS3Client extends S3Client {
  private readonly withOptions: S3Client;

  constructor(options: S3ClientConfig) {
    super({ ...options, cacheMiddleware: true });
    this.withOptions = new S3Client({ ...options, cacheMiddleware: false });
    for (const client of [this as S3Client, this.withOptions]) {
      for (const name of UNUSED_MIDDLEWARE) client.middlewareStack.remove(name);
    }
  }

  // The SDK's overloads (promise or callback) are passed through as they are.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override send(command: any, optionsOrCallback?: any, callback?: any): any {
    if (optionsOrCallback === undefined || typeof optionsOrCallback === 'function')
      return super.send(command, optionsOrCallback, callback);
    return this.withOptions.send(command, optionsOrCallback, callback);
  }

  override destroy(): void {
    super.destroy();
    this.withOptions.destroy();
  }

  /** Signs PUTs of bodies in memory with UNSIGNED-PAYLOAD, on both clients, before either resolves a request. */
  sendPayloadsUnsigned(): void {
    for (const client of [this as S3Client, this.withOptions]) {
      client.middlewareStack.add(
        (next, context) => (args) => {
          const request = args.request as { headers?: Record<string, string> };
          if (request.headers && UNHASHED_COMMANDS.has(context.commandName ?? '')) {
            // The signer takes a payload hash given in this header as it is; a presigner sets the same.
            request.headers['X-Amz-Content-Sha256'] = 'UNSIGNED-PAYLOAD';
          }
          return next(args);
        },
        { step: 'build', name: 'unsignedPayloadMiddleware' },
      );
    }
  }
}

/** Creates the bucket when missing and lets browsers PUT to presigned URLs from any origin. */
export async function ensureBucket(client: S3Client, bucket: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: bucket })).catch(async (error) => {
      const exists = await client.send(new HeadBucketCommand({ Bucket: bucket })).then(
        () => true,
        () => false,
      );
      if (!exists) throw error;
    });
  }
  await client.send(
    new PutBucketCorsCommand({
      Bucket: bucket,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: ['*'],
            AllowedMethods: ['GET', 'PUT', 'HEAD'],
            AllowedHeaders: ['*'],
            ExposeHeaders: ['ETag'],
            MaxAgeSeconds: 3600,
          },
        ],
      },
    }),
  );
}
