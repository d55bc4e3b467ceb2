import { BACKUP_LIMITS } from '@gallery/contracts';
import { env, intEnv, storageConfigFromEnv, type StorageConfig } from '@gallery/platform';

/**
 * Everything the backup service needs, read once from the environment or handed in whole by a test. The class is
 * also the Nest injection token for that configuration.
 */
export class BackupConfig {
  /** Where the service listens: loopback by default, so only the gateway on the same host reaches it. */
  readonly host!: string;
  readonly port!: number;
  readonly databaseUrl!: string;
  readonly natsUrl!: string;
  /** The media bucket: originals are read from it, nothing is written. */
  readonly storage!: StorageConfig;
  /** The AES-256-GCM key the drives' credentials are encrypted with (32 bytes; BACKUP_SECRET_KEY, base64). */
  readonly secretKey!: Buffer;
  /**
   * Whether a drive may be on a loopback or private address: off in production (the service would otherwise
   * call any machine of the cluster for whoever asks), on for `npm start` and the tests' local WebDAV server.
   */
  readonly allowPrivateDestinations!: boolean;
  /** The longest wait between two attempts at a failed copy (the back-off doubles from 1 s up to it). */
  readonly retryMaxMs!: number;
  /** How often the worker looks for copies due when it has had nothing to do. */
  readonly pollMs!: number;
  /** Copies in flight at once in this process. */
  readonly concurrency!: number;
  /**
   * Of those, the most one gallery's copies take at once (half the lanes by default): a gallery with thousands of
   * copies, or a drive that hangs, leaves the other lanes to the other galleries.
   */
  readonly lanesPerGallery!: number;
  /** A copy's deadline before its size is counted (BACKUP_LIMITS.copyBaseSeconds; copyDeadlineMs). */
  readonly copyDeadlineBaseMs!: number;
  /**
   * The product's address as browsers reach it (PUBLIC_URL): the drives' sign-in comes back to
   * `${publicUrl}/backup/oauth/<drive>/callback` through the gateway, and that sends the couple on to the event page.
   */
  readonly publicUrl!: string;
  /** Google Drive's app (GOOGLE_DRIVE_CLIENT_ID and _SECRET); absent: Google Drive is not offered. */
  readonly googleDrive?: OAuthAppConfig;
  /** Dropbox's app (DROPBOX_APP_KEY and _SECRET); absent: Dropbox is not offered. */
  readonly dropbox?: OAuthAppConfig;

  constructor(values: BackupConfig) {
    if (
      !(values.concurrency >= 1) ||
      !(values.lanesPerGallery >= 1 && values.lanesPerGallery <= values.concurrency)
    ) {
      throw new Error(
        `BACKUP_LANES_PER_GALLERY must be from 1 to BACKUP_CONCURRENCY (${values.concurrency}), got ${values.lanesPerGallery}`,
      );
    }
    Object.assign(this, values);
  }

  static fromEnv(): BackupConfig {
    const concurrency = intEnv('BACKUP_CONCURRENCY', 4);
    return new BackupConfig({
      host: env('HOST', '127.0.0.1'),
      port: intEnv('PORT', 5105),
      databaseUrl: env('DATABASE_URL'),
      natsUrl: env('NATS_URL'),
      storage: storageConfigFromEnv(),
      secretKey: secretKeyFrom(env('BACKUP_SECRET_KEY')),
      allowPrivateDestinations: env('BACKUP_ALLOW_PRIVATE_DESTINATIONS', 'false') === 'true',
      retryMaxMs: intEnv('BACKUP_RETRY_MAX_MS', 10 * 60 * 1000),
      pollMs: intEnv('BACKUP_POLL_MS', 1000),
      concurrency,
      lanesPerGallery: intEnv('BACKUP_LANES_PER_GALLERY', Math.max(1, Math.floor(concurrency / 2))),
      copyDeadlineBaseMs: BACKUP_LIMITS.copyBaseSeconds * 1000,
      publicUrl: env('PUBLIC_URL', 'http://localhost:5000').replace(/\/+$/, ''),
      ...optionalApp(
        'googleDrive',
        'GOOGLE_DRIVE',
        env('GOOGLE_DRIVE_CLIENT_ID', ''),
        env('GOOGLE_DRIVE_CLIENT_SECRET', ''),
        {
          authorizeUrl: env('GOOGLE_DRIVE_AUTHORIZE_URL', GOOGLE_DRIVE_URLS.authorizeUrl),
          tokenUrl: env('GOOGLE_DRIVE_TOKEN_URL', GOOGLE_DRIVE_URLS.tokenUrl),
          apiUrl: env('GOOGLE_DRIVE_API_URL', GOOGLE_DRIVE_URLS.apiUrl),
        },
      ),
      ...optionalApp('dropbox', 'DROPBOX_APP', env('DROPBOX_APP_KEY', ''), env('DROPBOX_APP_SECRET', ''), {
        authorizeUrl: env('DROPBOX_AUTHORIZE_URL', DROPBOX_URLS.authorizeUrl),
        apiUrl: env('DROPBOX_API_URL', DROPBOX_URLS.apiUrl),
        contentUrl: env('DROPBOX_CONTENT_URL', DROPBOX_URLS.contentUrl),
      }),
    });
  }
}

/**
 * An app registered with Google or Dropbox, and where their servers are: the real ones unless overridden (the
 * tests point them at local stand-ins).
 */
export interface OAuthAppConfig {
  clientId: string;
  clientSecret: string;
  /** Where the couple's browser signs in. */
  authorizeUrl: string;
  /** Google's token endpoint, where codes and refresh tokens are exchanged (Dropbox's is on its API origin). */
  tokenUrl?: string;
  /** The API's origin (Google: https://www.googleapis.com/, which also serves uploads). */
  apiUrl: string;
  /** Dropbox's upload origin. */
  contentUrl?: string;
}

export const GOOGLE_DRIVE_URLS = {
  authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  apiUrl: 'https://www.googleapis.com/',
};

export const DROPBOX_URLS = {
  authorizeUrl: 'https://www.dropbox.com/oauth2/authorize',
  apiUrl: 'https://api.dropboxapi.com',
  contentUrl: 'https://content.dropboxapi.com',
};

/** A drive's app when both its id and secret are set; one without the other is a mistake worth stopping for. */
function optionalApp<K extends 'googleDrive' | 'dropbox'>(
  key: K,
  variables: string,
  id: string,
  secret: string,
  urls: Omit<OAuthAppConfig, 'clientId' | 'clientSecret'>,
): Partial<Record<K, OAuthAppConfig>> {
  const [clientId, clientSecret] = [id.trim(), secret.trim()];
  if (!clientId && !clientSecret) return {};
  if (!clientId || !clientSecret)
    throw new Error(`${variables}'s id and secret go together: set both or neither`);
  return { [key]: { clientId, clientSecret, ...urls } } as Partial<Record<K, OAuthAppConfig>>;
}

/** BACKUP_SECRET_KEY: 32 random bytes in base64 (`openssl rand -base64 32`). */
export function secretKeyFrom(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32)
    throw new Error('BACKUP_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  return key;
}
