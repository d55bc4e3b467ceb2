import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  PIN_LIMITS,
  pinProblem,
  RATE_LIMITS,
  Subjects,
  type GuestAdmissionReply,
  type GuestAdmissionRequest,
} from '@gallery/contracts';
import {
  AppError,
  bearerTokenFromHeader,
  OutboxRelay,
  RateLimits,
  recordEvent,
  type GuestCaller,
} from '@gallery/platform';
import { OwnerTokens } from '../owners/owner-tokens.js';
import { recordPrivacyChanged } from '../privacy/privacy-changed.js';
import { hashPin, pinMatches } from './pin-hash.js';

/** A pass as the browser keeps it and when it stops letting that browser in. */
export interface GalleryPass {
  pass: string;
  expiresAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function passHash(pass: string): string {
  return createHash('sha256').update(pass).digest('hex');
}

/**
 * The gallery PIN, in one place: setting it (its scrypt hash on the gallery's row), trying it (rate-limited per
 * guest and gallery, per address and gallery, and per gallery in a day), the passes a right PIN earns, and whether a guest request is admitted.
 * A pass is a random token stored as its SHA-256, like an owner session: events alone reads it, so no key is
 * shared between services, and setting, changing or removing the PIN deletes the gallery's passes at once and
 * publishes the PIN's new state and version (`event.privacy-changed`), so other services stop trusting what they
 * remembered under the old one.
 */
@Injectable()
export class GalleryPins {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(OwnerTokens) private readonly ownerTokens: OwnerTokens,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  /** Sets, changes (a PIN) or removes (null) the gallery's PIN; every pass handed out so far stops working. */
  async set(code: string, pin: string | null): Promise<void> {
    if (pin !== null) {
      const problem = pinProblem(pin);
      if (problem) throw new AppError(problem);
    }
    const pinHash = pin === null ? null : await hashPin(pin);
    await this.dataSource.transaction(async (manager) => {
      // A new version with every set, change and removal: a service that remembered an admission under the
      // old one stops trusting it as soon as it hears of this one.
      await manager.query('UPDATE events SET pin_hash = $2, pin_version = pin_version + 1 WHERE code = $1', [
        code,
        pinHash,
      ]);
      await manager.query('DELETE FROM pin_passes WHERE event_code = $1', [code]);
      await recordPrivacyChanged(manager, code);
    });
    // Wrong guesses at the old PIN say nothing about the new one: its guests may enter it at once.
    await this.rateLimits.reset('pinFailuresPerGallery', code);
    this.relay.kick();
  }

  async isSet(code: string): Promise<boolean> {
    const rows: { set: boolean }[] = await this.dataSource.query(
      'SELECT pin_hash IS NOT NULL AS set FROM events WHERE code = $1',
      [code],
    );
    return rows[0]?.set ?? false;
  }

  /**
   * A guest's try: PIN_FORMAT_INVALID costs nothing (it cannot be right); a guest, address or gallery over its
   * limit is refused before the PIN is looked at; a wrong PIN costs one of each limit; a right one costs nothing
   * and earns a pass.
   */
  async enter(code: string, pin: string, caller: GuestCaller): Promise<GalleryPass> {
    const problem = pinProblem(pin);
    if (problem) throw new AppError(problem);
    await Promise.all([
      this.rateLimits.refuseGuestIfExhausted('pinAttempts', caller, code),
      this.rateLimits.refuseIfExhausted('pinFailuresPerGallery', code),
    ]);
    const stored = await this.storedHash(this.dataSource.manager, code);
    if (stored === undefined) {
      // A guessed code costs what any unknown code costs.
      await this.rateLimits.consumeGuestAction('unknownCodeLookups', caller);
      throw new AppError('GALLERY_NOT_FOUND');
    }
    if (stored !== null && !(await pinMatches(pin, stored))) {
      await Promise.all([
        this.rateLimits.consumeGuestAction('pinAttempts', caller, code),
        this.countFailure(code),
      ]);
      throw new AppError('PIN_WRONG');
    }
    return this.dataSource.transaction(async (manager) => {
      // Under the gallery's row lock: a PIN changed meanwhile either comes first (the pass is for a PIN no
      // longer set, PIN_WRONG) or after (it deletes this pass).
      const now = await this.storedHash(manager, code, true);
      if (now !== stored) throw new AppError('PIN_WRONG');
      const pass = `p1.${randomBytes(32).toString('base64url')}`;
      const expiresAt = new Date(Date.now() + PIN_LIMITS.passDays * DAY_MS);
      await manager.query('DELETE FROM pin_passes WHERE event_code = $1 AND expires_at <= now()', [code]);
      await manager.query('INSERT INTO pin_passes (token_hash, event_code, expires_at) VALUES ($1, $2, $3)', [
        passHash(pass),
        code,
        expiresAt,
      ]);
      return { pass, expiresAt };
    });
  }

  /**
   * Counts a wrong PIN against the gallery's day; the one that reaches the ceiling records the word that mails the
   * couple (once a window: the next tries are refused before they are counted).
   */
  private async countFailure(code: string): Promise<void> {
    const counted = await this.rateLimits.consume('pinFailuresPerGallery', code);
    const { points } = RATE_LIMITS.pinFailuresPerGallery;
    if (counted.consumedPoints !== points) return;
    await this.dataSource.transaction((manager) =>
      recordEvent(manager, Subjects.PinGuessingStopped, {
        code,
        wrongPins: points,
        until: new Date(Date.now() + counted.msBeforeNext).toISOString(),
      }),
    );
    this.relay.kick();
  }

  /** Whether a guest request reaches the gallery: no PIN (or no gallery), a live pass of it, or its owner. */
  async admits(request: GuestAdmissionRequest): Promise<boolean> {
    return (await this.admission(request)).admitted;
  }

  /** The answer another service gets: admitted or not, with the PIN state it was decided under (no gallery: none). */
  async admission({ code, pass, authorization }: GuestAdmissionRequest): Promise<GuestAdmissionReply> {
    const rows: { pin_hash: string | null; pin_version: number }[] = await this.dataSource.query(
      'SELECT pin_hash, pin_version FROM events WHERE code = $1',
      [code],
    );
    if (rows.length === 0) return { admitted: true };
    const pin = { set: rows[0].pin_hash !== null, version: rows[0].pin_version };
    if (!pin.set) return { admitted: true, pin };
    if (pass) {
      // A live pass from the PIN, or one of the gallery's wall links: the venue's screen holds no PIN, and the
      // couple who made the link may show the gallery with it. Both are kept as the SHA-256 of the token.
      const live: unknown[] = await this.dataSource.query(
        `SELECT 1 FROM pin_passes WHERE token_hash = $1 AND event_code = $2 AND expires_at > now()
         UNION ALL
         SELECT 1 FROM wall_links WHERE key_hash = $1 AND event_code = $2`,
        [passHash(pass), code],
      );
      if (live.length > 0) return { admitted: true, pin };
    }
    const token = bearerTokenFromHeader(authorization);
    return { admitted: token ? await this.ownerTokens.verify(code, token) : false, pin };
  }

  /** The stored hash; null: no PIN; undefined: no gallery. */
  private async storedHash(
    manager: EntityManager,
    code: string,
    lock = false,
  ): Promise<string | null | undefined> {
    const rows: { pin_hash: string | null }[] = await manager.query(
      `SELECT pin_hash FROM events WHERE code = $1${lock ? ' FOR SHARE' : ''}`,
      [code],
    );
    return rows.length === 0 ? undefined : rows[0].pin_hash;
  }
}
