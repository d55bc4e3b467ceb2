import type { Logger as TypeOrmLogger } from 'typeorm';
import { describeError } from '../logging/describe-error.js';

/**
 * TypeORM's logger for the services: failed queries only, with the query text but never its parameters, which
 * carry what the guests and couples typed (email, phone) and token hashes. TypeORM's own loggers print them.
 */
export class QueryErrorLogger implements TypeOrmLogger {
  constructor(private readonly write: (line: string) => void = console.error) {}

  logQueryError(error: string | Error): void {
    this.write(`query failed: ${describeError(error)}`);
  }

  logQuery(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}
