import { describe, expect, it, jest } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { formatGraphQLError } from '../graphql/app-error.js';
import { describeError } from '../logging/describe-error.js';
import { QueryErrorLogger } from './query-error-logger.js';

// A failed query on its way to every log it reaches: described, logged by TypeORM, turned into a GraphQL error.
// Here, in the layer that raises it, so that logging/ and graphql/ import nothing of database/.

/** A failed insert as TypeORM reports it: the parameters and the driver's detail name what a couple typed. */
function failedInsert(): QueryFailedError {
  const driverError = Object.assign(
    new Error('duplicate key value violates unique constraint "orders_email"'),
    {
      code: '23505',
      detail: 'Key (email)=(sarah@example.com) already exists.',
    },
  );
  return new QueryFailedError(
    'INSERT INTO "orders"("email", "phone") VALUES ($1, $2)',
    ['sarah@example.com', '+33 6 12 34 56 78'],
    driverError,
  );
}

describe('logging errors without personal data', () => {
  it('describes a failed query by its message and code only', () => {
    const line = describeError(failedInsert());
    expect(line).toBe(
      'QueryFailedError: duplicate key value violates unique constraint "orders_email" (23505)',
    );
  });

  it("keeps TypeORM's failed queries in the log without their parameters", () => {
    const lines: string[] = [];
    const error = failedInsert();
    new QueryErrorLogger((line) => lines.push(line)).logQueryError(error);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('duplicate key value');
    expect(lines[0]).not.toMatch(/sarah@example\.com|12 34 56/);
  });

  it('logs an internal GraphQL error with its stack and without its parameters', () => {
    const log = jest.fn<(line: string) => void>();
    const answer = formatGraphQLError({ message: 'x' }, { originalError: failedInsert() }, log);
    expect(answer.extensions?.code).toBe('INTERNAL');
    const [[line]] = log.mock.calls;
    expect(line).toMatch(/QueryFailedError: duplicate key[\s\S]*\n\s+at /);
    expect(line).not.toMatch(/sarah@example\.com|12 34 56/);
  });
});
