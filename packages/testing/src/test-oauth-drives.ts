import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins of Google Drive's and Dropbox's HTTP APIs for the backup tests, as the billing tests stand in
 * for Stripe: real HTTP servers speaking the requests the official SDKs send (OAuth 2 authorize and token
 * endpoints, Drive v3 files and multipart uploads, Dropbox's files/upload and upload sessions). Their sign-in
 * pages consent at once and send the browser back with a code. Files are kept in memory, by path.
 */
export interface TestOAuthDrive {
  /** The stand-in's origin, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The account the couple signs in with. */
  readonly email: string;
  /** Every file written, by path from the top of what the app sees (`Wedding Gallery/…` or `/…`). */
  files(): Map<string, Buffer>;
  /** The token endpoint's calls: their grant type, and the scope the sign-in asked for. */
  readonly tokenCalls: { grantType: string; refreshToken?: string }[];
  readonly authorizeCalls: URLSearchParams[];
  /** Every access token given so far stops working (expired): the next request with one gets 401. */
  expireAccessTokens(): void;
  /** The drive goes down (connections refused) until `up`. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

interface Base {
  clientId: string;
  clientSecret: string;
  email: string;
  codes: Map<string, { redirectUri: string; scope: string }>;
  refreshTokens: Set<string>;
  accessTokens: Set<string>;
  tokenCalls: { grantType: string; refreshToken?: string }[];
  authorizeCalls: URLSearchParams[];
}

function base(): Base {
  return {
    clientId: `client-${randomBytes(4).toString('hex')}`,
    clientSecret: randomBytes(12).toString('base64url'),
    email: 'couple@example.com',
    codes: new Map(),
    refreshTokens: new Set(),
    accessTokens: new Set(),
    tokenCalls: [],
    authorizeCalls: [],
  };
}

function body(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}

/** The sign-in page: consents at once and sends the browser back with a code. */
function authorize(state: Base, url: URL, response: ServerResponse, offline: () => boolean): void {
  state.authorizeCalls.push(url.searchParams);
  const redirectUri = url.searchParams.get('redirect_uri') ?? '';
  if (url.searchParams.get('client_id') !== state.clientId || !redirectUri || !offline()) {
    json(response, 400, { error: 'invalid_request' });
    return;
  }
  const code = randomBytes(16).toString('base64url');
  state.codes.set(code, { redirectUri, scope: url.searchParams.get('scope') ?? '' });
  const back = new URL(redirectUri);
  back.searchParams.set('code', code);
  back.searchParams.set('state', url.searchParams.get('state') ?? '');
  response.writeHead(302, { location: back.toString() });
  response.end();
}

/** The token endpoint of both: a code (once) or a refresh token for a new access token. */
function token(state: Base, form: URLSearchParams, response: ServerResponse, lifetimeSeconds: number): void {
  const grantType = form.get('grant_type') ?? '';
  if (form.get('client_id') !== state.clientId || form.get('client_secret') !== state.clientSecret) {
    json(response, 401, { error: 'invalid_client' });
    return;
  }
  const accessToken = `access-${randomBytes(12).toString('hex')}`;
  if (grantType === 'authorization_code') {
    const code = state.codes.get(form.get('code') ?? '');
    state.codes.delete(form.get('code') ?? '');
    state.tokenCalls.push({ grantType });
    if (!code || code.redirectUri !== form.get('redirect_uri')) {
      json(response, 400, { error: 'invalid_grant' });
      return;
    }
    const refreshToken = `refresh-${randomBytes(12).toString('hex')}`;
    state.refreshTokens.add(refreshToken);
    state.accessTokens.add(accessToken);
    json(response, 200, {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: lifetimeSeconds,
      token_type: 'Bearer',
      scope: code.scope,
      account_id: 'dbid:couple',
    });
    return;
  }
  const refreshToken = form.get('refresh_token') ?? '';
  state.tokenCalls.push({ grantType, refreshToken });
  if (grantType !== 'refresh_token' || !state.refreshTokens.has(refreshToken)) {
    json(response, 400, { error: 'invalid_grant' });
    return;
  }
  state.accessTokens.add(accessToken);
  json(response, 200, { access_token: accessToken, expires_in: lifetimeSeconds, token_type: 'Bearer' });
}

function bearer(state: Base, request: IncomingMessage): boolean {
  const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return !!token && state.accessTokens.has(token);
}

/** An HTTP server on a free port that can go down and come back on the same port. */
async function restartable(handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>) {
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    handler(request, response).catch((error: unknown) => json(response, 500, { error: String(error) }));
  };
  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer(handle);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve(server));
    });
  let server: Server | undefined = await listen(0);
  const port = (server.address() as AddressInfo).port;
  const close = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    await new Promise<void>((resolve) => {
      closing.close(() => resolve());
      closing.closeAllConnections();
    });
  };
  return {
    url: `http://127.0.0.1:${port}`,
    down: close,
    async up() {
      server ??= await listen(port);
    },
    stop: close,
  };
}

interface DriveFile {
  id: string;
  name: string;
  parent: string | null;
  folder: boolean;
  bytes: Buffer;
}

/**
 * Google: `${url}/authorize` (sign-in), `${url}/token`, and Drive v3 at `${url}/drive/v3/…` and
 * `${url}/upload/drive/v3/…` (the SDK's rootUrl is `${url}/`).
 */
export async function startTestGoogleDrive(): Promise<TestOAuthDrive> {
  const state = base();
  const files = new Map<string, DriveFile>();
  const unauthorized = (response: ServerResponse) =>
    json(response, 401, {
      error: { code: 401, message: 'Invalid Credentials', errors: [{ reason: 'authError' }] },
    });
  const server = await restartable(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    if (path === '/authorize') {
      authorize(state, url, response, () => url.searchParams.get('access_type') === 'offline');
      return;
    }
    if (path === '/token') {
      token(state, new URLSearchParams((await body(request)).toString('utf8')), response, 3600);
      return;
    }
    const received = await body(request);
    if (!bearer(state, request)) {
      unauthorized(response);
      return;
    }
    if (path === '/drive/v3/about') {
      json(response, 200, { user: { emailAddress: state.email, displayName: 'Sarah' } });
      return;
    }
    if (path === '/drive/v3/files' && request.method === 'GET') {
      const query =
        /^name = '((?:[^'\\]|\\.)*)' and '((?:[^'\\]|\\.)*)' in parents and mimeType (=|!=) '([^']*)'/.exec(
          url.searchParams.get('q') ?? '',
        );
      if (!query) {
        json(response, 400, { error: { code: 400, message: 'Invalid Value' } });
        return;
      }
      const unquote = (value: string) => value.replace(/\\(.)/g, '$1');
      const [, name, parent, operator] = query;
      const found = [...files.values()].filter(
        (file) =>
          file.name === unquote(name!) &&
          file.parent === unquote(parent!) &&
          file.folder === (operator === '='),
      );
      json(response, 200, { files: found.map((file) => ({ id: file.id })) });
      return;
    }
    if (path === '/drive/v3/files' && request.method === 'POST') {
      const metadata = JSON.parse(received.toString('utf8')) as {
        name: string;
        parents?: string[];
        mimeType?: string;
      };
      const file = add(metadata, Buffer.alloc(0));
      json(response, 200, { id: file.id });
      return;
    }
    const upload = /^\/upload\/drive\/v3\/files(?:\/([^/]+))?$/.exec(path);
    const uploadType = url.searchParams.get('uploadType');
    if (upload && (uploadType === 'multipart' || (uploadType === 'media' && upload[1]))) {
      // A new file comes with its metadata (multipart); new content for a file may come alone (media).
      const { metadata, media } =
        uploadType === 'media'
          ? { metadata: null, media: received }
          : multipart(request.headers['content-type'] ?? '', received);
      if (upload[1]) {
        const existing = files.get(upload[1]);
        if (!existing || request.method !== 'PATCH') {
          json(response, 404, { error: { code: 404, message: 'File not found' } });
          return;
        }
        existing.bytes = media;
        json(response, 200, { id: existing.id });
        return;
      }
      json(response, 200, { id: add(metadata as { name: string; parents?: string[] }, media).id });
      return;
    }
    json(response, 404, { error: { code: 404, message: `no ${request.method} ${path} here` } });
  });

  function add(metadata: { name: string; parents?: string[]; mimeType?: string }, bytes: Buffer): DriveFile {
    const file: DriveFile = {
      id: randomUUID(),
      name: metadata.name,
      parent: metadata.parents?.[0] ?? null,
      folder: metadata.mimeType === 'application/vnd.google-apps.folder',
      bytes,
    };
    files.set(file.id, file);
    return file;
  }

  const pathOf = (file: DriveFile): string => {
    const parent = file.parent ? files.get(file.parent) : undefined;
    return parent ? `${pathOf(parent)}/${file.name}` : file.name;
  };

  return {
    ...server,
    clientId: state.clientId,
    clientSecret: state.clientSecret,
    email: state.email,
    tokenCalls: state.tokenCalls,
    authorizeCalls: state.authorizeCalls,
    files: () =>
      new Map([...files.values()].filter((file) => !file.folder).map((file) => [pathOf(file), file.bytes])),
    expireAccessTokens: () => state.accessTokens.clear(),
  };
}

/** The parts of a multipart/related upload: the file's metadata (JSON) and its bytes. */
function multipart(contentType: string, received: Buffer): { metadata: unknown; media: Buffer } {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  if (!boundary) throw new Error('a multipart upload without a boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let at = received.indexOf(delimiter);
  while (at >= 0) {
    const next = received.indexOf(delimiter, at + delimiter.length);
    if (next < 0) break;
    parts.push(received.subarray(at + delimiter.length, next));
    at = next;
  }
  const content = (part: Buffer) => {
    const start = part.indexOf('\r\n\r\n') + 4;
    const end = part.subarray(part.length - 2).toString() === '\r\n' ? part.length - 2 : part.length;
    return part.subarray(start, end);
  };
  return { metadata: JSON.parse(content(parts[0]!).toString('utf8')), media: content(parts[1]!) };
}

/**
 * Dropbox: `${url}/oauth2/authorize` (sign-in), and the API and content hosts both at `${url}` (`/oauth2/token`,
 * `/2/users/get_current_account`, `/2/files/upload`, `/2/files/upload_session/…`).
 */
export async function startTestDropbox(): Promise<TestOAuthDrive> {
  const state = base();
  const files = new Map<string, Buffer>();
  const sessions = new Map<string, Buffer[]>();
  const server = await restartable(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    if (path === '/oauth2/authorize') {
      authorize(state, url, response, () => url.searchParams.get('token_access_type') === 'offline');
      return;
    }
    const received = await body(request);
    if (path === '/oauth2/token') {
      // The SDK sends the token request's fields in the query.
      token(state, url.searchParams, response, 14_400);
      return;
    }
    if (!bearer(state, request)) {
      json(response, 401, {
        error_summary: 'expired_access_token/',
        error: { '.tag': 'expired_access_token' },
      });
      return;
    }
    const argument = JSON.parse(String(request.headers['dropbox-api-arg'] ?? '{}')) as {
      path?: string;
      mode?: { '.tag': string };
      cursor?: { session_id: string; offset: number };
      commit?: { path: string; mode?: { '.tag': string } };
    };
    const write = (target: string, mode: string | undefined, bytes: Buffer) => {
      if (files.has(target) && mode !== 'overwrite') {
        json(response, 409, { error_summary: 'path/conflict/file/', error: { '.tag': 'path' } });
        return;
      }
      files.set(target, bytes);
      json(response, 200, {
        name: target.split('/').at(-1),
        path_display: target,
        id: `id:${randomUUID()}`,
        size: bytes.length,
      });
    };
    switch (path) {
      case '/2/users/get_current_account':
        json(response, 200, {
          account_id: 'dbid:couple',
          email: state.email,
          name: { display_name: 'Sarah' },
        });
        return;
      case '/2/files/upload':
        write(argument.path ?? '', argument.mode?.['.tag'], received);
        return;
      case '/2/files/upload_session/start': {
        const id = randomUUID();
        sessions.set(id, [received]);
        json(response, 200, { session_id: id });
        return;
      }
      case '/2/files/upload_session/append_v2':
      case '/2/files/upload_session/finish': {
        const session = sessions.get(argument.cursor?.session_id ?? '');
        const length = session?.reduce((sum, part) => sum + part.length, 0);
        if (!session || length !== argument.cursor?.offset) {
          json(response, 409, { error_summary: 'incorrect_offset/', error: { '.tag': 'incorrect_offset' } });
          return;
        }
        session.push(received);
        if (path.endsWith('append_v2')) {
          json(response, 200, null);
          return;
        }
        sessions.delete(argument.cursor!.session_id);
        write(argument.commit?.path ?? '', argument.commit?.mode?.['.tag'], Buffer.concat(session));
        return;
      }
      default:
        json(response, 404, { error_summary: `no ${path} here` });
    }
  });
  return {
    ...server,
    clientId: state.clientId,
    clientSecret: state.clientSecret,
    email: state.email,
    tokenCalls: state.tokenCalls,
    authorizeCalls: state.authorizeCalls,
    files: () => new Map(files),
    expireAccessTokens: () => state.accessTokens.clear(),
  };
}
