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

  constructor(values: BackupConfig) {
    Object.assign(this, values);
  }

  static fromEnv(): BackupConfig {
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
      concurrency: intEnv('BACKUP_CONCURRENCY', 4),
    });
  }
}

/** BACKUP_SECRET_KEY: 32 random bytes in base64 (`openssl rand -base64 32`). */
export function secretKeyFrom(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32)
    throw new Error('BACKUP_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  return key;
}
