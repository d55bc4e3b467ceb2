import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DataSource } from 'typeorm';
import type { EventBus } from '../events/event-bus.js';

export type Check = () => Promise<void>;
export interface HealthReport {
  status: 'ok' | 'unavailable';
  checks: Record<string, 'ok' | string>;
}

export const databaseCheck =
  (dataSource: DataSource): Check =>
  async () => {
    await dataSource.query('SELECT 1');
  };

export const natsCheck =
  (bus: EventBus): Check =>
  async () => {
    await bus.nc.flush();
  };

export const storageCheck =
  (client: S3Client, bucket: string): Check =>
  async () => {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  };

/** Ready only when every dependency answers within the timeout. */
export async function checkHealth(checks: Record<string, Check>, timeoutMs = 2000): Promise<HealthReport> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer')), timeoutMs);
      });
      try {
        await Promise.race([check(), timeout]);
        return [name, 'ok'] as const;
      } catch (error) {
        return [name, error instanceof Error ? error.message : String(error)] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const report = Object.fromEntries(results);
  return { status: results.every(([, r]) => r === 'ok') ? 'ok' : 'unavailable', checks: report };
}
