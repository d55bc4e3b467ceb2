import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  normalizeEmail,
  OWNER_LIMITS,
  signInLinkMail,
  Subjects,
  type MailLanguage,
} from '@gallery/contracts';
import {
  AppError,
  bearerTokenDigest,
  describeError,
  Mailer,
  OutboxRelay,
  RateLimits,
  recordEvent,
} from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';
import { OwnerTokens } from './owner-tokens.js';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A signed-in owner: the session token (shown once, kept by the browser as authToken) and its email. */
export interface OwnerSession {
  token: string;
  email: string;
}

/**
 * Who the owner is: the email address of the orders. A session covers every gallery ordered with that email;
 * it is created when a gallery is ordered in a browser, or by a one-time link mailed to the address. Only
 * SHA-256 hashes of session and link tokens are stored (they are 32 random bytes: a hash cannot be reversed).
 */
@Injectable()
export class OwnerSessions {
  private readonly logger = new Logger(OwnerSessions.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(EventsConfig) private readonly config: EventsConfig,
    @Inject(Mailer) private readonly mailer: Mailer | null,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  /** Opens a session for `email`, in the caller's transaction if given. */
  async open(email: string, now = new Date(), manager: EntityManager = this.dataSource.manager) {
    const token = randomBytes(32).toString('base64url');
    const normalized = normalizeEmail(email);
    await manager.query(
      'INSERT INTO owner_sessions (token_hash, email, created_at, expires_at) VALUES ($1, $2, $3, $4)',
      [OwnerTokens.hash(token), normalized, now, new Date(now.getTime() + OWNER_LIMITS.sessionDays * DAY_MS)],
    );
    return { token, email: normalized };
  }

  /** The email of the live session `token`, or null. */
  async emailOf(token: string | null): Promise<string | null> {
    if (!token) return null;
    const rows: { email: string }[] = await this.dataSource.query(
      'SELECT email FROM owner_sessions WHERE token_hash = $1 AND expires_at > now()',
      [OwnerTokens.hash(token)],
    );
    return rows[0]?.email ?? null;
  }

  /**
   * Who `client`'s token belongs to, for `me`. A token that names no live session costs the client one of its
   * RATE_LIMITS.unknownSessionLookups; a live one costs nothing, but a client that has used them all is refused
   * every lookup until the window frees one, as for gallery codes.
   */
  async ownerOf(token: string | null, client: string): Promise<string | null> {
    if (!token) return null;
    return this.rateLimits.limitMisses('unknownSessionLookups', client, () => this.emailOf(token));
  }

  /**
   * Ends the session `token` on the server: the token no longer proves anything, and `owner.session-ended`
   * (in the same transaction) has the gateway close the live sockets that still carry it.
   */
  async end(token: string | null): Promise<void> {
    if (!token) return;
    const ended = await this.dataSource.transaction(async (manager) => {
      const [, deleted] = (await manager.query('DELETE FROM owner_sessions WHERE token_hash = $1', [
        OwnerTokens.hash(token),
      ])) as [unknown, number];
      if (deleted === 0) return false;
      await recordEvent(manager, Subjects.OwnerSessionEnded, { tokenDigest: bearerTokenDigest(token) });
      return true;
    });
    if (ended) this.relay.kick();
  }

  /**
   * Mails a one-time sign-in link to `email` when it has ordered a gallery. The answer is the same whether or
   * not it has (the caller learns nothing about who is a customer); both rate limits count either way.
   */
  async requestLink(email: string, language: MailLanguage, client: string, now = new Date()): Promise<void> {
    const normalized = normalizeEmail(email);
    if (normalized.length < 3 || normalized.length > 254 || !normalized.includes('@')) {
      throw new AppError('VALIDATION_FAILED', {
        extensions: { fields: { email: 'validation.emailInvalid' } },
      });
    }
    await this.rateLimits.consume('signInLinkRequests', client);
    await this.rateLimits.consume('signInLinksPerAddress', `email:${OwnerTokens.hash(normalized)}`);
    const known: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM orders WHERE lower(email) = $1 LIMIT 1',
      [normalized],
    );
    if (known.length === 0) return;
    const token = randomBytes(32).toString('base64url');
    await this.dataSource.query(
      'INSERT INTO sign_in_links (token_hash, email, expires_at) VALUES ($1, $2, $3)',
      [
        OwnerTokens.hash(token),
        normalized,
        new Date(now.getTime() + OWNER_LIMITS.signInLinkMinutes * MINUTE_MS),
      ],
    );
    const url = `${this.config.publicUrl}/dashboard?signIn=${token}`;
    if (!this.mailer) {
      this.logger.warn('SMTP_URL is not set: the sign-in link was not mailed');
      return;
    }
    // Sent in the background: waiting for the mail server would tell a known address from an unknown one.
    void this.mailer
      .send({ to: normalized, ...signInLinkMail(language, url, OWNER_LIMITS.signInLinkMinutes) })
      .catch((error: unknown) => this.logger.warn(`sign-in link not sent: ${describeError(error)}`));
  }

  /**
   * Trades a sign-in link's token for a session: once, before it expires. A wrong, used or expired token is
   * refused alike (UNAUTHENTICATED), and every try counts against the client's sign-in attempts.
   */
  async signIn(linkToken: string, client: string, now = new Date()): Promise<OwnerSession> {
    await this.rateLimits.consume('signInAttempts', client);
    return this.dataSource.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `UPDATE sign_in_links SET used_at = $2
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING email`,
        [OwnerTokens.hash(linkToken), now],
      )) as [{ email: string }[], number];
      const email = rows[0]?.email;
      if (!email) throw new AppError('SIGN_IN_LINK_INVALID');
      return this.open(email, now, manager);
    });
  }
}
