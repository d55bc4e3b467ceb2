import { env, intEnv, storageConfigFromEnv, type StorageConfig } from '@gallery/platform';

/**
 * Everything the faces service needs, read once from the environment or handed in whole by a test. The class is
 * also the Nest injection token for that configuration.
 */
export class FacesConfig {
  /** Where the service listens: loopback by default, so only the gateway on the same host reaches it. */
  readonly host!: string;
  readonly port!: number;
  readonly databaseUrl!: string;
  readonly natsUrl!: string;
  /** The media bucket: previews are read from it (never written). */
  readonly storage!: StorageConfig;
  /** How often the indexer looks for photos to index when it found none; `FACES_INDEX_POLL_MS` by default. */
  readonly indexPollMs?: number;
  /**
   * The key guest identities are signed with (GUEST_IDENTITY_KEY, media's): searches are counted per guest. A test
   * that gives none gets a random one for its app.
   */
  readonly guestIdentityKey?: string;

  constructor(values: FacesConfig) {
    Object.assign(this, values);
  }

  static fromEnv(): FacesConfig {
    return new FacesConfig({
      host: env('HOST', '127.0.0.1'),
      port: intEnv('PORT', 5106),
      databaseUrl: env('DATABASE_URL'),
      natsUrl: env('NATS_URL'),
      storage: storageConfigFromEnv(),
      indexPollMs: intEnv('FACES_INDEX_POLL_MS', 2000),
      guestIdentityKey: env('GUEST_IDENTITY_KEY'),
    });
  }
}
