import { QueryErrorLogger } from './query-error-logger.js';
import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import { OutboxEventEntity } from '../events/outbox-event.entity.js';
import { ProcessedEventEntity } from '../events/processed-event.entity.js';
import { CreateEventBusTables1763800000000 } from '../events/create-event-bus-tables.migration.js';
import { CreateRateLimitsTable1763800000001 } from '../limits/create-rate-limits-table.migration.js';
import { ParkUnpublishableEvents1763800000002 } from '../events/park-unpublishable-events.migration.js';
import { ForgetPublishedEvents1795392000000 } from '../events/forget-published-events.migration.js';
import { IndexProcessedEventTimes1798900000000 } from '../events/index-processed-event-times.migration.js';
import { CarryRequestHeaders1799000000000 } from '../events/carry-request-headers.migration.js';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type Classes = (Function | string | EntitySchema)[];

/**
 * A service's PostgreSQL options: its own entities and migrations plus the shared tables (outbox, processed
 * events, rate-limit counters). Migrations run at start through runMigrationsOneAtATime (createServiceApp), not
 * when the connection opens; schemas are never synchronised.
 */
export function dataSourceOptions(options: {
  url: string;
  entities: Classes;
  migrations: Classes;
}): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    entities: [OutboxEventEntity, ProcessedEventEntity, ...options.entities] as MixedList<never>,
    migrations: [
      CreateEventBusTables1763800000000,
      CreateRateLimitsTable1763800000001,
      ParkUnpublishableEvents1763800000002,
      ForgetPublishedEvents1795392000000,
      IndexProcessedEventTimes1798900000000,
      CarryRequestHeaders1799000000000,
      ...options.migrations,
    ] as MixedList<never>,
    migrationsRun: false,
    synchronize: false,
    logger: new QueryErrorLogger(),
    extra: { max: 10 },
  };
}
