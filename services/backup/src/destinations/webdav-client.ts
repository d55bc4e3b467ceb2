import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import {
  DriveError,
  failureOfStatus,
  unreachable,
  type BackupDrive,
  type FileToCopy,
} from './backup-drive.js';
import { publicAddressesOnly } from './destination-address.js';

/** What a WebDAV folder is reached with: its address (ending in `/`) and an app password. */
export interface WebDavCredentials {
  url: string;
  username: string;
  password: string;
}

/**
 * Keep-alive agents shared by every destination: a burst of copies reuses a few connections per drive. The
 * public ones look every name up again on each new connection and refuse private addresses.
 */
const agents = {
  any: {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 8 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 8 }),
  },
  public: {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 8, lookup: publicAddressesOnly }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 8, lookup: publicAddressesOnly }),
  },
};

const PROPFIND_BODY =
  '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/></d:prop></d:propfind>';

interface DavResponse {
  status: number;
  statusText: string;
  body: string;
}

/**
 * The few WebDAV requests a backup needs (PROPFIND, MKCOL, PUT), over node's own HTTP client: a PUT streams the
 * original from storage with its length, so memory stays flat whatever its size. Paths are segments under the
 * folder's address, each percent-encoded here.
 */
export class WebDavClient implements BackupDrive {
  private readonly base: URL;
  private readonly authorization: string;
  /** Folders known to exist on the drive (made or found): one MKCOL per folder per process, not per photo. */
  private readonly folders = new Set<string>();

  constructor(
    credentials: WebDavCredentials,
    /** Whether the drive may be on a private network (a NAS at home under `npm start`, the tests' server). */
    private readonly allowPrivate: boolean,
    private readonly timeoutMs = 60_000,
  ) {
    this.base = new URL(credentials.url.endsWith('/') ? credentials.url : `${credentials.url}/`);
    this.authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  }

  /** The folder's address without credentials, as the event page shows it. */
  get address(): string {
    return this.base.toString();
  }

  /**
   * Whether the address is a WebDAV folder these credentials may use: PROPFIND of depth 0 answers 207. Throws a
   * DriveError saying why not (REFUSED, UNREACHABLE, or SERVER_ERROR for an answer that is no WebDAV folder).
   */
  async check(signal?: AbortSignal): Promise<void> {
    const response = await this.request('PROPFIND', [], {
      headers: { depth: '0', 'content-type': 'application/xml; charset=utf-8' },
      body: PROPFIND_BODY,
      signal,
    });
    if (response.status === 207 && /collection/i.test(response.body)) return;
    throw failureOf(response);
  }

  /** Makes `segments` (each folder in turn) unless known to exist; an existing folder answers 405. */
  async ensureFolder(segments: string[], signal?: AbortSignal): Promise<void> {
    for (let depth = 1; depth <= segments.length; depth++) {
      const folder = segments.slice(0, depth);
      const key = folder.join('/');
      if (this.folders.has(key)) continue;
      const response = await this.request('MKCOL', folder, { folder: true, signal });
      if (response.status !== 201 && response.status !== 405) throw failureOf(response);
      this.folders.add(key);
    }
  }

  /** The folders of `path`, then its file. */
  async write(path: string[], file: FileToCopy, signal?: AbortSignal): Promise<void> {
    await this.ensureFolder(path.slice(0, -1), signal);
    await this.put(path, await file.open(), file.size, file.contentType, signal);
  }

  /** Writes the file at `segments`, replacing any file of that name (a repeat of one copy is one file). */
  async put(
    segments: string[],
    body: Readable,
    size: number,
    contentType: string,
    signal?: AbortSignal,
  ): Promise<void> {
    const response = await this.request('PUT', segments, {
      headers: { 'content-type': contentType, 'content-length': String(size) },
      body,
      signal,
    });
    if (response.status >= 200 && response.status < 300) return;
    // A folder made by another process and removed since, say: make it again on the next attempt.
    if (response.status === 404 || response.status === 409) this.folders.clear();
    throw failureOf(response);
  }

  urlOf(segments: string[], folder = false): URL {
    const path = segments.map((segment) => encodeURIComponent(segment)).join('/');
    return new URL(`${path}${folder && path ? '/' : ''}`, this.base);
  }

  private request(
    method: string,
    segments: string[],
    options: {
      headers?: Record<string, string>;
      body?: string | Readable;
      folder?: boolean;
      /** Aborts the request, whatever it is doing (the call's deadline): rejected with the signal's reason. */
      signal?: AbortSignal;
    },
  ): Promise<DavResponse> {
    const url = this.urlOf(segments, options.folder);
    const agent = agents[this.allowPrivate ? 'any' : 'public'][url.protocol as 'http:' | 'https:'];
    const { signal } = options;
    return new Promise<DavResponse>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason as Error);
        return;
      }
      // A body that fails (storage stopped answering) is its own error, not the drive's.
      let bodyError: Error | undefined;
      const failed = (error: Error) =>
        reject(bodyError ?? (signal?.aborted ? (signal.reason as Error) : unreachable(error)));
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method,
          agent,
          headers: { authorization: this.authorization, ...options.headers },
          // Idle time between two packets; the whole call's end is the caller's signal.
          timeout: this.timeoutMs,
          ...(signal && { signal }),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          response.on('data', (chunk: Buffer) => {
            // Only the start of an answer is read: enough for a PROPFIND's resourcetype or an error page.
            if (kept < 64 * 1024) chunks.push(chunk);
            kept += chunk.length;
          });
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              statusText: response.statusMessage ?? '',
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', failed);
          // Cut off mid-answer (aborted at the deadline): no 'end' comes.
          response.on('aborted', () => failed(new Error('the answer was cut off')));
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer in ${this.timeoutMs / 1000} s`)));
      request.on('error', failed);
      const { body } = options;
      if (body === undefined) request.end();
      else if (typeof body === 'string') request.end(body);
      else {
        body.on('error', (error) => {
          bodyError = error;
          request.destroy(error);
        });
        body.pipe(request);
        // A request cut off (deadline, drive gone) stops reading storage too: its connection is given back.
        request.on('close', () => body.destroy());
      }
    });
  }
}

function failureOf(response: DavResponse): DriveError {
  const detail = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return new DriveError(failureOfStatus(response.status), detail);
}
