import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  customHostProblem,
  domainEndedMail,
  normalizeEventCode,
  normalizeCustomHost,
  Subjects,
  type DomainReleaseReason,
  type MailLanguage,
} from '@gallery/contracts';
import { AppError, describeError, Mailer, OutboxRelay, RateLimits, recordEvent } from '@gallery/platform';
import { customDomainTarget, EventsConfig } from '../config/events-config.js';
import { GalleryEntity } from '../galleries/gallery.entity.js';
import { CustomDomainEntity } from './custom-domain.entity.js';
import { DomainDns } from './domain-dns.js';

const UNIQUE_VIOLATION = '23505';

/**
 * A Premium gallery's own domain: added by its owner, proven by DNS, then served by the gateway (which learns
 * of it from `domain.verified` and asks `lookupVerified`), and released when the couple removes it, the plan
 * leaves Premium, the gallery's storage ends or the gallery is purged (`domain.released`).
 */
@Injectable()
export class CustomDomains {
  private readonly logger = new Logger(CustomDomains.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(DomainDns) private readonly dns: DomainDns,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(EventsConfig) private readonly config: EventsConfig,
    @Inject(Mailer) private readonly mailer: Mailer | null,
  ) {}

  /** The product's public host: what every custom domain's CNAME must point to. */
  get target(): string {
    return customDomainTarget(this.config);
  }

  find(code: string): Promise<CustomDomainEntity | null> {
    return this.dataSource
      .getRepository(CustomDomainEntity)
      .findOneBy({ eventCode: normalizeEventCode(code) });
  }

  /** Adds `input` as the gallery's domain (Premium only, one per gallery, one gallery per host) and checks it. */
  async add(code: string, input: string, now = new Date()): Promise<CustomDomainEntity> {
    const host = normalizeCustomHost(input);
    const problem = customHostProblem(host, this.target);
    const gallery = await this.dataSource.getRepository(GalleryEntity).findOneBy({ code });
    if (!gallery) throw new AppError('GALLERY_NOT_FOUND');
    if (gallery.plan !== 'premium') throw new AppError('DOMAIN_NEEDS_PREMIUM');
    if (problem) throw new AppError(problem);
    const existing = await this.find(code);
    if (existing) {
      if (existing.host === host) return existing;
      throw new AppError('DOMAIN_ALREADY_SET');
    }
    try {
      await this.dataSource.getRepository(CustomDomainEntity).insert({
        eventCode: code,
        host,
        token: randomBytes(18).toString('base64url'),
        state: 'pending',
        failure: null,
        found: null,
        createdAt: now,
        checkedAt: null,
        verifiedAt: null,
      });
    } catch (error) {
      // The primary key (a second domain added at the same moment) or the host's uniqueness.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        const mine = await this.find(code);
        throw new AppError(mine ? 'DOMAIN_ALREADY_SET' : 'DOMAIN_TAKEN');
      }
      throw error;
    }
    return this.check(code, now);
  }

  /** Looks the gallery's domain up in DNS again and records what was found; `domain.verified` once it passes. */
  async check(code: string, now = new Date()): Promise<CustomDomainEntity> {
    const domain = await this.find(code);
    if (!domain) throw new AppError('DOMAIN_NOT_SET');
    if (domain.state === 'verified') return domain;
    await this.rateLimits.consume('customDomainChecks', code);
    const result = await this.dns.check(domain.host, domain.token);
    const verified = await this.dataSource.transaction(async (manager) => {
      const changed = await manager.query(
        `UPDATE custom_domains SET state = $3, failure = $4, found = $5, checked_at = $6::timestamptz,
           verified_at = CASE WHEN $3::text = 'verified' THEN $6::timestamptz ELSE NULL END
         WHERE event_code = $1 AND host = $2 AND state <> 'verified' RETURNING 1`,
        [
          code,
          domain.host,
          result.state,
          result.state === 'failed' ? result.failure : null,
          result.state === 'failed' ? result.found : null,
          now,
        ],
      );
      // [rows, affected]: a check that raced with a removal or another check's success records nothing.
      const updated = (changed as [unknown[], number])[1] > 0;
      if (updated && result.state === 'verified') {
        await recordEvent(manager, Subjects.DomainVerified, { code, host: domain.host });
        return true;
      }
      return false;
    });
    if (verified) this.relay.kick();
    return (await this.find(code)) ?? domain;
  }

  /** The couple takes the domain off the gallery: no longer served, the name free for another gallery. */
  async remove(code: string): Promise<boolean> {
    const removed = await this.dataSource.transaction((manager) => releaseDomain(manager, code, 'removed'));
    if (removed) this.relay.kick();
    return removed !== null;
  }

  /**
   * The gallery a verified domain shows, while the gallery is on Premium and its storage lasts: checked here
   * again so a domain never outlives its plan, even before the release's event is handled.
   */
  async lookupVerified(host: string, now = new Date()): Promise<string | null> {
    const rows: { code: string }[] = await this.dataSource.query(
      `SELECT d.event_code AS code FROM custom_domains d JOIN events e ON e.code = d.event_code
       WHERE d.host = $1 AND d.state = 'verified' AND e.plan = 'premium' AND e.expires_at > $2`,
      [normalizeCustomHost(host), now],
    );
    return rows[0]?.code ?? null;
  }

  /**
   * Mails the couple that their domain no longer shows the gallery. A failed mail is logged and not retried:
   * the domain is released either way, and the event page says so too.
   */
  async mailEnded(
    manager: EntityManager,
    code: string,
    host: string,
    reason: 'plan' | 'expired',
  ): Promise<void> {
    if (!this.mailer) return;
    const [order] = (await manager.query(
      'SELECT email, language FROM orders WHERE event_code = $1 ORDER BY created_at LIMIT 1',
      [code],
    )) as { email: string; language: MailLanguage }[];
    if (!order) return;
    const mail = domainEndedMail(order.language, {
      host,
      code,
      galleryUrl: `${this.config.publicUrl}/gallery/${code}`,
      reason,
    });
    try {
      await this.mailer.send({ to: order.email, ...mail });
    } catch (error) {
      this.logger.warn(`gallery ${code}: domain ended mail not sent: ${describeError(error)}`);
    }
  }
}

/**
 * Deletes the gallery's domain inside the caller's transaction and puts `domain.released` in the outbox; the
 * host it had, or null when it had none.
 */
export async function releaseDomain(
  manager: EntityManager,
  code: string,
  reason: DomainReleaseReason,
): Promise<string | null> {
  const [rows] = (await manager.query('DELETE FROM custom_domains WHERE event_code = $1 RETURNING host', [
    code,
  ])) as [{ host: string }[], number];
  const host = rows[0]?.host;
  if (!host) return null;
  await recordEvent(manager, Subjects.DomainReleased, { code, host, reason });
  return host;
}
