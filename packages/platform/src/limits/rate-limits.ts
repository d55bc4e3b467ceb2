import type { IncomingHttpHeaders } from 'node:http';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { RATE_LIMITS, type RateLimitName } from '@gallery/contracts';
import { AppError } from '../graphql/app-error.js';

import { CLIENT_ADDRESS_HEADER } from '../http/client-address-header.js';

export { CLIENT_ADDRESS_HEADER };

/** Who is asking: the address the gateway forwarded, else the caller's own (a direct call in a test). */
export function clientAddress(request: {
  headers: IncomingHttpHeaders;
  socket?: { remoteAddress?: string };
}): string {
  const forwarded = request.headers[CLIENT_ADDRESS_HEADER];
  const value = Array.isArray(forwarded) ? forwarded[0] : forwarded;
  return (value || request.socket?.remoteAddress || 'unknown').slice(0, 64);
}

/** The table rate-limiter-flexible keeps its counters in; created by a migration, never at run time. */
export const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * The product's rate limits (RATE_LIMITS) for one service, counted in its PostgreSQL database so that every
 * replica of the service, behind any gateway replica, shares one count per client.
 */
export class RateLimits {
  private readonly limiters = new Map<RateLimitName, RateLimiterPostgres>();

  constructor(private readonly dataSource: DataSource) {}

  /**
   * Counts one attempt of `name` by `client`; throws RATE_LIMITED, with the seconds to wait, once the client
   * has used up its attempts for the current window.
   */
  async consume(name: RateLimitName, client: string): Promise<void> {
    try {
      await this.limiter(name).consume(client);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw rateLimited(error);
      throw storeFailure(error);
    }
  }

  /**
   * Throws RATE_LIMITED when `client` has already used up its attempts of `name`, without counting one: for
   * requests that cost nothing when they succeed but must not answer a client who is over its limit.
   */
  async refuseIfExhausted(name: RateLimitName, client: string): Promise<void> {
    const used = await this.limiter(name)
      .get(client)
      .catch((error: unknown) => {
        throw storeFailure(error);
      });
    if (used && used.consumedPoints >= RATE_LIMITS[name].points) {
      throw rateLimited(used);
    }
  }

  /**
   * A lookup whose misses are what is limited (a guessed gallery code, a guessed session token): a client over
   * its limit is refused every lookup, a hit costs nothing and a miss counts one attempt.
   */
  async limitMisses<T>(
    name: RateLimitName,
    client: string,
    lookup: () => Promise<T | null>,
  ): Promise<T | null> {
    await this.refuseIfExhausted(name, client);
    const found = await lookup();
    if (found === null) await this.consume(name, client);
    return found;
  }

  private limiter(name: RateLimitName): RateLimiterPostgres {
    let limiter = this.limiters.get(name);
    if (!limiter) {
      const { points, durationSeconds } = RATE_LIMITS[name];
      limiter = new RateLimiterPostgres({
        // TypeORM's own pg pool: no second pool, and the counters live in the service's database.
        storeClient: (this.dataSource.driver as unknown as { master: unknown }).master,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        keyPrefix: name,
        points,
        duration: durationSeconds,
      });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}

/** The refusal, with the seconds to wait before the window frees an attempt. */
function rateLimited(state: RateLimiterRes): AppError {
  return new AppError('RATE_LIMITED', { count: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) });
}

/**
 * rate-limiter-flexible rejects with the driver's raw value (for a refused connection, a plain object with
 * code ECONNREFUSED): wrapped in an Error whose cause is that value, so it is told apart as an outage.
 */
function storeFailure(error: unknown): Error {
  return error instanceof Error ? error : new Error('rate limit store failed', { cause: error });
}
