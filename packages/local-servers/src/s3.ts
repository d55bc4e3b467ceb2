import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, waitUntilReady, type LogLine, type OnUnexpectedExit } from './processes.js';

export interface StartS3Options {
  /** Where the objects live (created if absent); kept across restarts. */
  dataDir: string;
  port: number;
  accessKeyId: string;
  secretAccessKey: string;
  /** Buckets to create at start, with BROWSER_UPLOAD_CORS_XML; optional, PutBucket and PutBucketCors work too. */
  buckets?: string[];
  /**
   * Whether a PUT with "If-None-Match: *" to an existing key is refused (412), as S3 does; true unless false, which
   * stands for storage without conditional writes.
   */
  refuseOverwrites?: boolean;
  log?: LogLine;
  onUnexpectedExit?: OnUnexpectedExit;
}

export interface LocalS3 {
  readonly endpoint: string;
  readonly port: number;
  readonly region: 'us-east-1';
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** The server's process, for benches that read its CPU time. */
  readonly pid: number;
  stop(): Promise<void>;
}

/** Lets a page on any origin PUT to a presigned URL and read the ETag back. */
export const BROWSER_UPLOAD_CORS_XML = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

// Resolved from this file so it works both from src/ (Jest) and dist/ (node).
const ENTRY = fileURLToPath(new URL('../bin/s3rver-process.mjs', import.meta.url));

export async function startS3(options: StartS3Options): Promise<LocalS3> {
  const { port, accessKeyId, secretAccessKey, log } = options;
  const directory = path.resolve(options.dataDir);
  await mkdir(directory, { recursive: true });

  const config = {
    port,
    directory,
    accessKeyId,
    secretAccessKey,
    buckets: options.buckets ?? [],
    corsXml: BROWSER_UPLOAD_CORS_XML,
    refuseOverwrites: options.refuseOverwrites ?? true,
  };
  // Only what s3rver needs: NODE_OPTIONS from a Jest run would otherwise leak into it.
  // FORCE_COLOR: s3rver cuts a fixed-width coloured prefix off each request line; uncoloured, it cuts the text.
  const env = { PATH: process.env.PATH, FORCE_COLOR: '1', S3RVER_OPTIONS: JSON.stringify(config) };
  // The IPC channel also tells the child when we are gone: it exits on 'disconnect'.
  const server = startProcess(process.execPath, [ENTRY], {
    env,
    log,
    ipc: true,
    onUnexpectedExit: options.onUnexpectedExit,
  });
  let ready = false;
  server.child.on('message', (message: { ready?: boolean }) => {
    if (message?.ready) ready = true;
  });
  await waitUntilReady(`s3rver on port ${port}`, server, async () => ready, 30_000);

  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    region: 'us-east-1',
    accessKeyId,
    secretAccessKey,
    pid: server.child.pid!,
    async stop() {
      await server.stop('SIGTERM', 10_000);
    },
  };
}
