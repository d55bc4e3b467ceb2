import { env, intEnv, storageConfigFromEnv, type StorageConfig } from '@gallery/platform';

/**
 * Everything the media service needs, read once from the environment or handed in whole by a test. The class
 * is also the Nest injection token for that configuration.
 */
export class MediaConfig {
  /** Where the service listens: loopback by default, so only the gateway on the same host reaches it. */
  readonly host!: string;
  readonly port!: number;
  readonly databaseUrl!: string;
  readonly natsUrl!: string;
  readonly storage!: StorageConfig;
  /** Origin browsers use for the app; photo URLs are `${publicUrl}/media/photos/{id}/{variant}`. */
  readonly publicUrl!: string;
  /** How often abandoned uploads are swept from storage; `SWEEP_INTERVAL_MS` unless a test says otherwise. */
  readonly uploadSweepIntervalMs?: number;
  /** How often due storage deletions are tried; `DELETION_INTERVAL_MS` unless a test says otherwise. */
  readonly storageDeletionIntervalMs?: number;
  /** How often previews still pending are looked for; `PREVIEW_SWEEP_INTERVAL_MS` unless a test says otherwise. */
  readonly previewSweepIntervalMs?: number;
  /** How often photos without quality measures are looked for; `QUALITY_SWEEP_INTERVAL_MS` unless a test says. */
  readonly qualitySweepIntervalMs?: number;
  /**
   * The key guest identities are signed with (GUEST_IDENTITY_KEY, required in production: every replica must
   * share it). A test that gives none gets a random one for its app.
   */
  readonly guestIdentityKey?: string;

  constructor(values: MediaConfig) {
    Object.assign(this, values, { publicUrl: values.publicUrl.replace(/\/+$/, '') });
  }

  static fromEnv(): MediaConfig {
    return new MediaConfig({
      host: env('HOST', '127.0.0.1'),
      port: intEnv('PORT', 5102),
      databaseUrl: env('DATABASE_URL'),
      natsUrl: env('NATS_URL'),
      storage: storageConfigFromEnv(),
      publicUrl: env('PUBLIC_URL', 'http://localhost:5000'),
      guestIdentityKey: env('GUEST_IDENTITY_KEY'),
    });
  }
}
