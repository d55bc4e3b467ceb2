import { createHash } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import {
  GUEST_RATE_LIMITS,
  RATE_LIMITS,
  type GuestRateLimitName,
  type RateLimit,
  type RateLimitName,
} from '@gallery/contracts';
import { AppError } from '../graphql/app-error.js';
import type { GuestIdentities } from '../guests/guest-identity.js';
import { rateLimitRefusals } from '../observability/metrics.js';

/**
 * Who does a guest action, as a request's context says: the address the gateway saw and the guest identity token
 * the browser sent (unchecked: RateLimits verifies it).
 */
export interface GuestCaller {
  client: string;
  guestIdentity?: string;
}

/** The table rate-limiter-flexible keeps its counters in; created by a migration, never at run time. */
export const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * The product's rate limits (RATE_LIMITS) for one service, counted in its PostgreSQL database so that every
 * replica of the service, behind any gateway replica, shares one count per client.
 */
export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterPostgres>();

  /** `identities`: the key guest identities are checked with, for a service that counts guest actions. */
  constructor(
    private readonly dataSource: DataSource,
    private readonly identities?: GuestIdentities,
  ) {}

  /**
   * Counts one attempt of `name` by `client`; throws RATE_LIMITED, with the seconds to wait, once the client
   * has used up its attempts for the current window.
   */
  async consume(name: RateLimitName, client: string): Promise<RateLimiterRes> {
    return consumeFrom(this.limiter(name, RATE_LIMITS[name]), client);
  }

  /**
   * Counts one guest action at `gallery`: against the guest (its signed identity, else its address, at that
   * gallery) and against its address's flood guard, in parallel. Throws RATE_LIMITED, with the longer wait, when
   * either is used up.
   */
  async consumeGuestAction(name: GuestRateLimitName, caller: GuestCaller, gallery?: string): Promise<void> {
    const [guest, address] = await Promise.allSettled([
      consumeFrom(this.guestLimiter(name), this.guestKey(caller, gallery)),
      consumeFrom(this.addressLimiter(name), caller.client),
    ]);
    const refusals = [guest, address].flatMap((outcome) =>
      outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
    );
    if (refusals.length === 0) return;
    const storeDown = refusals.find((refusal) => !(refusal instanceof AppError));
    if (storeDown) throw storeDown;
    throw (refusals as AppError[]).reduce((longer, refusal) =>
      secondsToWait(refusal) > secondsToWait(longer) ? refusal : longer,
    );
  }

  /**
   * Throws RATE_LIMITED when the guest or its address has already used up `name`, without counting: for an
   * action whose failures alone are counted (a wrong PIN, a code that names no gallery).
   */
  async refuseGuestIfExhausted(
    name: GuestRateLimitName,
    caller: GuestCaller,
    gallery?: string,
  ): Promise<void> {
    await Promise.all([
      refuseIfUsedUp(
        this.guestLimiter(name),
        this.guestKey(caller, gallery),
        GUEST_RATE_LIMITS[name].perGuest,
      ),
      refuseIfUsedUp(this.addressLimiter(name), caller.client, GUEST_RATE_LIMITS[name].perAddress),
    ]);
  }

  /**
   * A guest's lookup whose misses are what is limited (a guessed gallery code): a guest or address over its
   * limit is refused every lookup, a hit costs nothing and a miss counts one attempt of each.
   */
  async limitGuestMisses<T>(
    name: GuestRateLimitName,
    caller: GuestCaller,
    lookup: () => Promise<T | null>,
  ): Promise<T | null> {
    await this.refuseGuestIfExhausted(name, caller);
    const found = await lookup();
    if (found === null) await this.consumeGuestAction(name, caller);
    return found;
  }

  /** Forgets what `client` spent of `name`: a new PIN makes the wrong guesses at the old one worthless. */
  async reset(name: RateLimitName, client: string): Promise<void> {
    await this.limiter(name, RATE_LIMITS[name])
      .delete(client)
      .catch((error: unknown) => {
        throw storeFailure(error);
      });
  }

  /**
   * The key a guest's attempts are counted under: its identity's id when the token is one this service's key
   * signed, else its address (a caller without an identity counts as one guest of its address), at `gallery`.
   */
  private guestKey(caller: GuestCaller, gallery = ''): string {
    const id = this.identities?.verify(caller.guestIdentity) ?? null;
    // The gallery by a digest: a purged gallery's code is kept nowhere, not even in a counter still running.
    const at = gallery && createHash('sha256').update(gallery).digest('base64url').slice(0, 22);
    return id ? `${at}:g:${id}` : `${at}:a:${caller.client}`;
  }

  /**
   * Throws RATE_LIMITED when `client` has already used up its attempts of `name`, without counting one: for
   * requests that cost nothing when they succeed but must not answer a client who is over its limit.
   */
  async refuseIfExhausted(name: RateLimitName, client: string): Promise<void> {
    await refuseIfUsedUp(this.limiter(name, RATE_LIMITS[name]), client, RATE_LIMITS[name]);
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

  private guestLimiter(name: GuestRateLimitName): RateLimiterPostgres {
    return this.limiter(`${name}.perGuest`, GUEST_RATE_LIMITS[name].perGuest);
  }

  private addressLimiter(name: GuestRateLimitName): RateLimiterPostgres {
    return this.limiter(`${name}.perAddress`, GUEST_RATE_LIMITS[name].perAddress);
  }

  /** The limiter counting under `keyPrefix` (a limit's name), made on first use. */
  private limiter(keyPrefix: string, { points, durationSeconds }: RateLimit): RateLimiterPostgres {
    let limiter = this.limiters.get(keyPrefix);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        // TypeORM's own pg pool: no second pool, and the counters live in the service's database.
        storeClient: (this.dataSource.driver as unknown as { master: unknown }).master,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        keyPrefix,
        points,
        duration: durationSeconds,
      });
      this.limiters.set(keyPrefix, limiter);
    }
    return limiter;
  }
}

/** Counts one attempt of `key`; RATE_LIMITED once it is used up, the store's failure as an outage. */
async function consumeFrom(limiter: RateLimiterPostgres, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw rateLimited(error, limiter);
    throw storeFailure(error);
  }
}

/** RATE_LIMITED when `key` has used up `limit`, counting nothing. */
async function refuseIfUsedUp(limiter: RateLimiterPostgres, key: string, limit: RateLimit): Promise<void> {
  const used = await limiter.get(key).catch((error: unknown) => {
    throw storeFailure(error);
  });
  if (used && used.consumedPoints >= limit.points) throw rateLimited(used, limiter);
}

function secondsToWait(refusal: AppError): number {
  return refusal.extensions.count as number;
}

/** The refusal, with the seconds to wait before the window frees an attempt, counted under the limit's name. */
function rateLimited(state: RateLimiterRes, limiter: RateLimiterPostgres): AppError {
  rateLimitRefusals.inc({ limit: limiter.keyPrefix });
  return new AppError('RATE_LIMITED', { count: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) });
}

/**
 * rate-limiter-flexible rejects with the driver's raw value (for a refused connection, a plain object with
 * code ECONNREFUSED): wrapped in an Error whose cause is that value, so it is told apart as an outage.
 */
function storeFailure(error: unknown): Error {
  return error instanceof Error ? error : new Error('rate limit store failed', { cause: error });
}
