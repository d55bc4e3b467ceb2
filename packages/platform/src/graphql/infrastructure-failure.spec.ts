import { describe, expect, it } from '@jest/globals';
import { isInfrastructureFailure } from './infrastructure-failure.js';

const withCode = (code: string) => Object.assign(new Error('failed'), { code });

describe('isInfrastructureFailure', () => {
  it('recognises a server that refuses or drops connections', () => {
    expect(isInfrastructureFailure(withCode('ECONNREFUSED'))).toBe(true);
    expect(isInfrastructureFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isInfrastructureFailure(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // Node's happy-eyeballs connect fails with one error per address tried.
    const bothFamilies = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '');
    expect(isInfrastructureFailure(new Error('request failed', { cause: bothFamilies }))).toBe(true);
  });

  it('recognises PostgreSQL saying it cannot serve, also wrapped by TypeORM', () => {
    expect(isInfrastructureFailure(withCode('57P01'))).toBe(true);
    expect(isInfrastructureFailure(withCode('08006'))).toBe(true);
    const wrapped = Object.assign(new Error('Query failed'), { driverError: withCode('53300') });
    expect(isInfrastructureFailure(wrapped)).toBe(true);
  });

  it('recognises NATS and storage that do not answer', () => {
    expect(isInfrastructureFailure(Object.assign(new Error('timeout'), { name: 'TimeoutError' }))).toBe(true);
    expect(isInfrastructureFailure({ name: 'S3ServiceException', $metadata: { httpStatusCode: 503 } })).toBe(
      true,
    );
  });

  it('leaves faults of the request or the code alone', () => {
    expect(isInfrastructureFailure(withCode('23505'))).toBe(false);
    expect(isInfrastructureFailure(withCode('22P02'))).toBe(false);
    expect(isInfrastructureFailure(new TypeError('x is undefined'))).toBe(false);
    expect(isInfrastructureFailure({ $metadata: { httpStatusCode: 404 } })).toBe(false);
    expect(isInfrastructureFailure(undefined)).toBe(false);
  });
});
