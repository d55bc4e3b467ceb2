import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DataSource } from 'typeorm';
import type { EventBus } from '../events/event-bus.js';

import type { Check } from './check-health.js';

export { checkHealth, type Check, type HealthReport } from './check-health.js';

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
