import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { startTestPlatform, type TestPlatform } from './index.js';

describe('startTestPlatform', () => {
  let platform: TestPlatform | undefined;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('gives each caller a fresh database', async () => {
    const first = await platform!.postgres.createDatabase();
    const second = await platform!.postgres.createDatabase();
    expect(first).not.toBe(second);

    const client = new pg.Client({ connectionString: first });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT current_database() AS name');
      expect(first).toContain(`/${rows[0].name}`);
    } finally {
      await client.end();
    }
  });

  it('exposes NATS, S3 and the environment a service is configured with', async () => {
    const connection = await connect({ servers: platform!.env.NATS_URL });
    try {
      // JetStream is on: a message stored in a stream comes back from a consumer.
      const jsm = await jetstreamManager(connection);
      await jsm.streams.add({ name: 'HARNESS', subjects: ['harness.>'] });
      const ack = await jetstream(connection).publish('harness.check', 'stored');
      expect(ack.seq).toBe(1);
      const consumer = await jetstream(connection).consumers.get('HARNESS');
      const message = await consumer.next();
      expect(message?.string()).toBe('stored');
    } finally {
      await connection.close();
    }

    const health = await fetch(platform!.s3.endpoint);
    expect(health.status).toBeLessThan(500);
    expect(platform!.env).toEqual({
      DATABASE_URL: platform!.postgres.url(),
      NATS_URL: platform!.nats.url,
      S3_ENDPOINT: platform!.s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: platform!.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: platform!.s3.secretAccessKey,
    });
  });
});
