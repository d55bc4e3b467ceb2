import { auth, drive, type drive_v3 } from '@googleapis/drive';
import { BACKUP_DRIVE_ROOT_FOLDER } from '@gallery/contracts';
import { GOOGLE_DRIVE_URLS, type OAuthAppConfig } from '../config/backup-config.js';
import {
  DriveError,
  failureOfStatus,
  unreachable,
  type BackupDrive,
  type FileToCopy,
} from './backup-drive.js';
import type { OAuthDriveApp, OAuthGrant } from './oauth-drive-app.js';

/** The one scope asked: the files this app makes, nothing else of the couple's drive. */
export const GOOGLE_DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.file';
const FOLDER_TYPE = 'application/vnd.google-apps.folder';

type OAuth2Client = InstanceType<typeof auth.OAuth2>;

/** What is kept sealed for a Google Drive: the refresh token, and the product's folder at the top of the drive. */
interface GoogleDriveSecret {
  refreshToken: string;
  rootFolderId: string;
}

/**
 * Google Drive through Google's own SDK (@googleapis/drive): the authorization-code flow with offline access
 * (a refresh token) and the `drive.file` scope, then one folder the app makes at the top of the drive
 * (BACKUP_DRIVE_ROOT_FOLDER), holding a folder per gallery.
 */
export class GoogleDriveApp implements OAuthDriveApp {
  readonly kind = 'GOOGLE_DRIVE' as const;
  private readonly calls: CallOptions;

  constructor(private readonly app: OAuthAppConfig) {
    this.calls = { retry: false, rootUrl: app.apiUrl };
  }

  authorizeUrl(state: string, redirectUri: string): Promise<string> {
    return Promise.resolve(
      this.client(redirectUri).generateAuthUrl({
        access_type: 'offline',
        // Asked again each time, so Google sends a refresh token even to a couple who connected before.
        prompt: 'consent',
        scope: [GOOGLE_DRIVE_SCOPE],
        state,
      }),
    );
  }

  async grant(code: string, redirectUri: string, signal: AbortSignal): Promise<OAuthGrant> {
    const calls = { ...this.calls, signal };
    const client = this.client(redirectUri);
    const { tokens } = await client.getToken({ code, redirect_uri: redirectUri }).catch(rethrow);
    if (!tokens.refresh_token) throw new DriveError('REFUSED', 'Google gave no refresh token');
    client.setCredentials(tokens);
    const api = this.api(client);
    const about = await api.about.get({ fields: 'user(emailAddress,displayName)' }, calls).catch(rethrow);
    const root = await api.files
      .create({ requestBody: { name: BACKUP_DRIVE_ROOT_FOLDER, mimeType: FOLDER_TYPE }, fields: 'id' }, calls)
      .catch(rethrow);
    const secret: GoogleDriveSecret = { refreshToken: tokens.refresh_token, rootFolderId: root.data.id! };
    return {
      account: about.data.user?.emailAddress ?? about.data.user?.displayName ?? '',
      address: `https://drive.google.com/drive/folders/${encodeURIComponent(secret.rootFolderId)}`,
      secret: JSON.stringify(secret),
    };
  }

  drive(secret: string): BackupDrive {
    const { refreshToken, rootFolderId } = JSON.parse(secret) as GoogleDriveSecret;
    const client = this.client();
    client.setCredentials({ refresh_token: refreshToken });
    return new GoogleDrive(client, this.api(client), rootFolderId, this.calls);
  }

  private client(redirectUri?: string): OAuth2Client {
    return new auth.OAuth2({
      clientId: this.app.clientId,
      clientSecret: this.app.clientSecret,
      ...(redirectUri && { redirectUri }),
      endpoints: {
        oauth2AuthBaseUrl: this.app.authorizeUrl,
        oauth2TokenUrl: this.app.tokenUrl ?? GOOGLE_DRIVE_URLS.tokenUrl,
      },
    });
  }

  private api(client: OAuth2Client): drive_v3.Drive {
    return drive({ version: 'v3', auth: client, rootUrl: this.app.apiUrl });
  }
}

/**
 * Each call's options: no retries of the SDK's own (the worker's back-off retries; the SDK's would hold a lane on a
 * drive that is down), and the API's origin again, as uploads take it from here and not from the client.
 */
interface CallOptions {
  retry: false;
  rootUrl: string;
  /** The copy's deadline (withinDeadline). */
  signal?: AbortSignal;
}

/**
 * Writes into the couple's Google Drive. Drive allows two files of one name in a folder, so a write first looks
 * for the name (the app sees only its own files) and replaces that file's content when found: a copy repeated
 * after a crash is still one file. Folders are looked up or made once per process, one request in flight each.
 */
class GoogleDrive implements BackupDrive {
  private readonly folders = new Map<string, Promise<string>>();

  constructor(
    private readonly client: OAuth2Client,
    private readonly api: drive_v3.Drive,
    private readonly rootFolderId: string,
    private readonly calls: CallOptions,
  ) {}

  async write(path: string[], file: FileToCopy, signal: AbortSignal): Promise<void> {
    // Every request of the copy ends with its deadline.
    const calls = { ...this.calls, signal };
    await this.renewingOnce(async () => {
      let parent = this.rootFolderId;
      for (const name of path.slice(0, -1)) parent = await this.folder(parent, name, calls);
      const name = path.at(-1)!;
      const existing = await this.find(parent, name, false, calls);
      const media = { mimeType: file.contentType, body: await file.open() };
      if (existing) await this.api.files.update({ fileId: existing, media, fields: 'id' }, calls);
      else
        await this.api.files.create({ requestBody: { name, parents: [parent] }, media, fields: 'id' }, calls);
    });
  }

  /**
   * Runs `operation`, and once more after renewing the access token when Google answers 401 (a token revoked or
   * expired early): the SDK renews by itself only when it knows the token's end has come.
   */
  private async renewingOnce(operation: () => Promise<void>): Promise<void> {
    try {
      await operation().catch(rethrow);
    } catch (error) {
      if (!(error instanceof DriveError) || !error.detail.startsWith('HTTP 401')) throw error;
      this.client.setCredentials({ refresh_token: this.client.credentials.refresh_token });
      this.folders.clear();
      await operation().catch(rethrow);
    }
  }

  private folder(parent: string, name: string, calls: CallOptions): Promise<string> {
    const key = `${parent}/${name}`;
    let folder = this.folders.get(key);
    if (!folder) {
      folder = (async () =>
        (await this.find(parent, name, true, calls)) ??
        (
          await this.api.files.create(
            { requestBody: { name, parents: [parent], mimeType: FOLDER_TYPE }, fields: 'id' },
            calls,
          )
        ).data.id!)();
      // A failed look-up is tried again on the next copy.
      folder.catch(() => this.folders.delete(key));
      this.folders.set(key, folder);
    }
    return folder;
  }

  private async find(
    parent: string,
    name: string,
    folder: boolean,
    calls: CallOptions,
  ): Promise<string | null> {
    const kind = folder ? `mimeType = '${FOLDER_TYPE}'` : `mimeType != '${FOLDER_TYPE}'`;
    const listed = await this.api.files.list(
      {
        q: `name = '${quoted(name)}' and '${quoted(parent)}' in parents and ${kind} and trashed = false`,
        fields: 'files(id)',
        pageSize: 1,
        spaces: 'drive',
      },
      calls,
    );
    return listed.data.files?.[0]?.id ?? null;
  }
}

/** A value inside a Drive query's quotes. */
function quoted(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}

/** An SDK failure as a DriveError: Google's status and reason, or the network's error. */
function rethrow(error: unknown): never {
  if (error instanceof DriveError) throw error;
  const failed = error as {
    status?: number;
    response?: {
      status?: number;
      data?: { error?: string | { message?: string; errors?: { reason?: string }[] } };
    };
    message?: string;
  };
  const status = failed.status ?? failed.response?.status;
  if (!status) throw unreachable(error instanceof Error ? error : new Error(String(error)));
  const body = failed.response?.data?.error;
  const reason = typeof body === 'string' ? body : (body?.errors?.[0]?.reason ?? body?.message ?? '');
  const full = /storageQuotaExceeded|quotaExceeded/.test(reason);
  // A refresh token the couple revoked comes back as 400 invalid_grant: their drive no longer lets us in.
  const revoked = reason === 'invalid_grant';
  throw new DriveError(
    full ? 'FULL' : revoked ? 'REFUSED' : failureOfStatus(status),
    `HTTP ${status}${reason ? ` ${reason}` : ''}`,
  );
}
