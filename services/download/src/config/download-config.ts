import { env, intEnv, storageConfigFromEnv, type StorageConfig } from '@gallery/platform';

/**
 * Everything the download service needs, read once from the environment or handed in whole by a test. The
 * class is also the Nest injection token for that configuration.
 */
export class DownloadConfig {
  /** Where the service listens: loopback by default, so only the gateway on the same host reaches it. */
  readonly host!: string;
  readonly port!: number;
  readonly databaseUrl!: string;
  readonly natsUrl!: string;
  /** The media bucket: originals are read from it and zips written under `archives/`. */
  readonly storage!: StorageConfig;
  /** How often expired zips and abandoned builds are swept; `ARCHIVE_SWEEP_INTERVAL_MS` by default. */
  readonly sweepIntervalMs?: number;
  /** A build whose heartbeat is older than this is taken for dead (its process was killed) and failed. */
  readonly staleBuildMs?: number;
  /**
   * The key guest identities are signed with (GUEST_IDENTITY_KEY, media's): a guest's zip requests are counted by
   * identity. A test that gives none gets a random one for its app.
   */
  readonly guestIdentityKey?: string;

  constructor(values: DownloadConfig) {
    Object.assign(this, values);
  }

  static fromEnv(): DownloadConfig {
    return new DownloadConfig({
      host: env('HOST', '127.0.0.1'),
      port: intEnv('PORT', 5104),
      databaseUrl: env('DATABASE_URL'),
      natsUrl: env('NATS_URL'),
      storage: storageConfigFromEnv(),
      sweepIntervalMs: intEnv('ARCHIVE_SWEEP_INTERVAL_MS', 10 * 60 * 1000),
      staleBuildMs: intEnv('ARCHIVE_STALE_BUILD_MS', 60 * 1000),
      guestIdentityKey: env('GUEST_IDENTITY_KEY'),
    });
  }
}
