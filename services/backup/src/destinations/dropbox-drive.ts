import { Readable } from 'node:stream';
import dropboxSdk, { type Dropbox as DropboxClient, type DropboxAuth as DropboxAuthClient } from 'dropbox';
import { DROPBOX_URLS, type OAuthAppConfig } from '../config/backup-config.js';
import {
  DriveError,
  failureOfStatus,
  unreachable,
  type BackupDrive,
  type FileToCopy,
} from './backup-drive.js';
import type { OAuthDriveApp, OAuthGrant } from './oauth-drive-app.js';

const { Dropbox, DropboxAuth } = dropboxSdk;

/** Dropbox takes a file in one request up to 150 MB; a longer video goes up in a session of chunks. */
export const DROPBOX_UPLOADS = { singleRequestBytes: 150 * 1024 * 1024, chunkBytes: 8 * 1024 * 1024 };

/** What is kept sealed for a Dropbox: the refresh token. */
interface DropboxSecret {
  refreshToken: string;
}

/**
 * Dropbox through Dropbox's own SDK: the authorization-code flow with `token_access_type=offline` (a refresh
 * token), for an app of the "App folder" type, so the product sees only /Apps/<app>/ and writes a folder per
 * gallery in it. The SDK only speaks to Dropbox's https hosts: its requests go through `fetch` here, which
 * sends them to the configured origins instead (the tests' stand-in).
 */
export class DropboxApp implements OAuthDriveApp {
  readonly kind = 'DROPBOX' as const;
  private readonly fetch: typeof globalThis.fetch;

  constructor(
    private readonly app: OAuthAppConfig,
    private readonly uploads = DROPBOX_UPLOADS,
  ) {
    this.fetch = redirectingFetch({
      [DROPBOX_URLS.apiUrl]: app.apiUrl,
      [DROPBOX_URLS.contentUrl]: app.contentUrl ?? DROPBOX_URLS.contentUrl,
    });
  }

  async authorizeUrl(state: string, redirectUri: string): Promise<string> {
    const url = (await this.auth().getAuthenticationUrl(
      encodeURIComponent(redirectUri),
      state,
      'code',
      'offline',
    )) as string;
    const authorize = new URL(this.app.authorizeUrl);
    const given = new URL(url);
    authorize.search = given.search;
    return authorize.toString();
  }

  async grant(code: string, redirectUri: string, signal: AbortSignal): Promise<OAuthGrant> {
    const auth = this.auth(signal);
    const tokens = (await auth
      .getAccessTokenFromCode(encodeURIComponent(redirectUri), encodeURIComponent(code))
      .catch(rethrow)) as { result: { access_token: string; refresh_token?: string; expires_in: number } };
    const { refresh_token: refreshToken, access_token: accessToken, expires_in: expiresIn } = tokens.result;
    if (!refreshToken) throw new DriveError('REFUSED', 'Dropbox gave no refresh token');
    auth.setRefreshToken(refreshToken);
    auth.setAccessToken(accessToken);
    auth.setAccessTokenExpiresAt(new Date(Date.now() + expiresIn * 1000));
    const account = await new Dropbox({ auth, fetch: withSignal(this.fetch, signal) })
      .usersGetCurrentAccount()
      .catch(rethrow);
    const secret: DropboxSecret = { refreshToken };
    return {
      account: account.result.email,
      address: 'https://www.dropbox.com/home/Apps',
      secret: JSON.stringify(secret),
    };
  }

  drive(secret: string): BackupDrive {
    const { refreshToken } = JSON.parse(secret) as DropboxSecret;
    const auth = this.auth();
    auth.setRefreshToken(refreshToken);
    return new DropboxDrive(auth, this.fetch, this.uploads);
  }

  private auth(signal?: AbortSignal): DropboxAuthClient {
    return new DropboxAuth({
      clientId: this.app.clientId,
      clientSecret: this.app.clientSecret,
      fetch: signal ? withSignal(this.fetch, signal) : this.fetch,
    });
  }
}

/**
 * Writes into the app's folder: `files/upload` in overwrite mode (parents made by Dropbox), so the same path
 * twice is one file; longer videos in an upload session, a chunk in memory at a time.
 */
class DropboxDrive implements BackupDrive {
  constructor(
    private readonly auth: DropboxAuthClient,
    private readonly fetch: typeof globalThis.fetch,
    private readonly uploads: typeof DROPBOX_UPLOADS,
  ) {}

  async write(path: string[], file: FileToCopy, signal: AbortSignal): Promise<void> {
    const target = `/${path.join('/')}`;
    // A client of this copy's own, so that its every request ends with the copy's deadline.
    const api = new Dropbox({ auth: this.auth, fetch: withSignal(this.fetch, signal) });
    try {
      await this.upload(api, target, file);
    } catch (error) {
      // An access token Dropbox ended early (401): renew it and send the file once more.
      if (!(error instanceof DriveError) || !error.detail.startsWith('HTTP 401')) throw error;
      // Typed void, but the SDK answers the refresh's promise.
      await (this.auth.refreshAccessToken() as unknown as Promise<void>).catch(rethrow);
      await this.upload(api, target, file);
    }
  }

  private async upload(api: DropboxClient, path: string, file: FileToCopy): Promise<void> {
    const commit = { path, mode: { '.tag': 'overwrite' as const }, autorename: false, mute: true };
    if (file.size <= this.uploads.singleRequestBytes) {
      await api.filesUpload({ ...commit, contents: await file.open() }).catch(rethrow);
      return;
    }
    let sessionId: string | undefined;
    let offset = 0;
    for await (const chunk of chunksOf(await file.open(), this.uploads.chunkBytes)) {
      if (sessionId === undefined) {
        sessionId = (await api.filesUploadSessionStart({ contents: chunk }).catch(rethrow)).result.session_id;
      } else {
        await api
          .filesUploadSessionAppendV2({ cursor: { session_id: sessionId, offset }, contents: chunk })
          .catch(rethrow);
      }
      offset += chunk.length;
    }
    await api
      .filesUploadSessionFinish({
        cursor: { session_id: sessionId!, offset },
        commit,
        contents: Buffer.alloc(0),
      })
      .catch(rethrow);
  }
}

/** The stream in pieces of `size` bytes (the last one shorter). */
async function* chunksOf(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const piece of stream as AsyncIterable<Buffer>) {
    pending.push(piece);
    length += piece.length;
    while (length >= size) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, size);
      pending = [all.subarray(size)];
      length -= size;
    }
  }
  if (length > 0) yield Buffer.concat(pending);
}

/** `fetch` with every request ending when `signal` aborts. */
function withSignal(fetch: typeof globalThis.fetch, signal: AbortSignal): typeof globalThis.fetch {
  return (input, init) => fetch(input, { ...init, signal });
}

/**
 * Node's fetch, sending requests for Dropbox's origins to the configured ones, and streaming a Readable body
 * (which node's fetch takes only with `duplex: 'half'`).
 */
function redirectingFetch(origins: Record<string, string>): typeof globalThis.fetch {
  return (input, init) => {
    let url = String(input instanceof Request ? input.url : input);
    for (const [from, to] of Object.entries(origins)) {
      if (url.startsWith(`${from}/`)) url = `${to.replace(/\/+$/, '')}${url.slice(from.length)}`;
    }
    const body = init?.body as unknown;
    const streamed = body instanceof Readable;
    return fetch(url, {
      ...init,
      ...(streamed && { body: Readable.toWeb(body) as ReadableStream, duplex: 'half' }),
    } as RequestInit);
  };
}

/** An SDK failure as a DriveError: Dropbox's status and error tag, or the network's error. */
function rethrow(error: unknown): never {
  if (error instanceof DriveError) throw error;
  const failed = error as { status?: number; error?: unknown };
  if (typeof failed.status !== 'number') {
    throw unreachable(error instanceof Error ? error : new Error(String(error)));
  }
  const summary =
    typeof failed.error === 'object' && failed.error !== null
      ? String(
          (failed.error as { error_summary?: string; error?: string }).error_summary ??
            (failed.error as { error?: string }).error ??
            '',
        )
      : String(failed.error ?? '');
  const full = /insufficient_space/.test(summary);
  const revoked = /invalid_grant/.test(summary);
  throw new DriveError(
    full ? 'FULL' : revoked ? 'REFUSED' : failureOfStatus(failed.status),
    `HTTP ${failed.status}${summary ? ` ${summary.slice(0, 200)}` : ''}`,
  );
}
