import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import { OutboxEventEntity } from '../events/outbox-event.entity.js';
import { ProcessedEventEntity } from '../events/processed-event.entity.js';
import { CreateEventBusTables1763800000000 } from '../events/create-event-bus-tables.migration.js';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type Classes = (Function | string | EntitySchema)[];

/**
 * A service's PostgreSQL options: its own entities and migrations plus the event bus tables (outbox and
 * processed events). Migrations run at start; schemas are never synchronised.
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
    migrations: [CreateEventBusTables1763800000000, ...options.migrations] as MixedList<never>,
    migrationsRun: true,
    synchronize: false,
    logging: ['error'],
    extra: { max: 10 },
  };
}
