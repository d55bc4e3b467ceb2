import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import {
  DEFAULT_MAIL_LANGUAGE,
  mailLanguageSchema,
  OWNER_DIGEST_PARTS,
  parseGuestMailAddress,
  RETURN_MAIL_LIMITS,
  timeZoneNameSchema,
  type MailLanguage,
  type OneClickStopKind,
} from '@gallery/contracts';
import { AppError, GuestIdentities, RateLimits, type GuestCaller } from '@gallery/platform';
import { setOwnerMails } from './owner-mail-choices.js';

/** What a guest leaves with "tell me when the photos are in". */
export interface PhotosReadyAsk {
  email: string;
  language?: string | null;
  timeZone?: string | null;
}

/** What a one-click unsubscribe link names, for the page a browser opens from it. */
export interface OneClickStopLink {
  kind: OneClickStopKind;
  /** The language its mail was written in; null when nothing of it is left to say. */
  language: MailLanguage | null;
  /** false when what it named is gone: the guest's address already deleted, or the gallery. */
  live: boolean;
}

/**
 * A guest's "tell me when the photos are in": one address per guest identity and gallery, kept only until its one
 * mail went (then erased), until the guest stops it, or until the gallery is purged. Never shown to anyone: no
 * query reads it back, the couple's included.
 */
@Injectable()
export class PhotosReadyRequests {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(GuestIdentities) private readonly identities: GuestIdentities,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
  ) {}

  /**
   * Records (or corrects, while its mail has not gone) the guest's address; the signed token of the link that
   * stops it, or null when another guest of this gallery already left this address (it gets its one mail).
   */
  async ask(code: string, ask: PhotosReadyAsk, caller: GuestCaller): Promise<string | null> {
    const guestId = this.identities.verify(caller.guestIdentity);
    if (!guestId) throw new AppError('GUEST_IDENTITY_REQUIRED');
    await this.rateLimits.consumeGuestAction('photosReadyMailRequests', caller, code);
    const email = parseGuestMailAddress(ask.email);
    if (!email) throw new AppError('GUEST_MAIL_ADDRESS_INVALID', { count: RETURN_MAIL_LIMITS.emailChars });
    const language = this.languageOf(ask.language);
    const timeZone = await this.timeZoneOf(ask.timeZone);
    try {
      const rows: { id: string }[] = await this.dataSource.query(
        `INSERT INTO photos_ready_requests (id, event_code, guest_id, email, language, time_zone, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, now())
         ON CONFLICT (event_code, guest_id) DO UPDATE
           SET email = EXCLUDED.email, language = EXCLUDED.language, time_zone = EXCLUDED.time_zone
           WHERE photos_ready_requests.queued_at IS NULL
         RETURNING id`,
        [randomUUID(), code, guestId, email, language, timeZone],
      );
      const id = rows[0]?.id ?? (await this.requestOf(code, guestId));
      return id ? this.identities.mailStopToken(id) : null;
    } catch (error) {
      // Another guest (or this person's other phone) left this address: it still gets one mail, and no one
      // gets a link that stops another guest's.
      if (error instanceof QueryFailedError && (error as { code?: string }).code === '23505') return null;
      throw error;
    }
  }

  /**
   * Deletes the address a stop token names, so its mail never goes (or, once it went, nothing more is kept).
   * MAIL_STOP_LINK_INVALID for a token this service did not sign; a token whose address is already gone is done.
   */
  async stop(token: string, client: string): Promise<void> {
    const requestId = this.identities.checkMailStopToken(token.slice(0, RETURN_MAIL_LIMITS.stopTokenChars));
    if (!requestId) {
      await this.rateLimits.consume('mailStopAttempts', client);
      throw new AppError('MAIL_STOP_LINK_INVALID');
    }
    // A sent request keeps its row (without an address): that guest's browser asking again gets no second mail.
    await this.dataSource.query('DELETE FROM photos_ready_requests WHERE id = $1 AND sent_at IS NULL', [
      requestId,
    ]);
  }

  /**
   * A mail's one-click unsubscribe (RFC 8058, POSTed by the mail client): a guest's stop token deletes their
   * address as `stop` does; a gallery's digest stop token turns every part of the couple's digest off.
   * MAIL_STOP_LINK_INVALID for a token this service did not sign.
   */
  async stopByLink(token: string, client: string): Promise<void> {
    const code = this.identities.checkDigestStopToken(token.slice(0, RETURN_MAIL_LIMITS.stopTokenChars));
    if (code === null) return this.stop(token, client);
    await setOwnerMails(this.dataSource, code, OWNER_DIGEST_PARTS, false);
  }

  /**
   * What a one-click unsubscribe token stops, and in which language, for the page a browser opens from it (a GET,
   * which stops nothing). MAIL_STOP_LINK_INVALID for a token this service did not sign, counted as a POST's are.
   */
  async describeLink(token: string, client: string): Promise<OneClickStopLink> {
    const signed = token.slice(0, RETURN_MAIL_LIMITS.stopTokenChars);
    const code = this.identities.checkDigestStopToken(signed);
    if (code !== null) {
      const [gallery] = (await this.dataSource.query(
        `SELECT o.language FROM events e LEFT JOIN orders o ON o.event_code = e.code WHERE e.code = $1`,
        [code],
      )) as { language: string | null }[];
      return { kind: 'digest', language: this.knownLanguage(gallery?.language), live: Boolean(gallery) };
    }
    const requestId = this.identities.checkMailStopToken(signed);
    if (!requestId) {
      await this.rateLimits.consume('mailStopAttempts', client);
      throw new AppError('MAIL_STOP_LINK_INVALID');
    }
    const [request] = (await this.dataSource.query(
      'SELECT language, email IS NOT NULL AS live FROM photos_ready_requests WHERE id = $1',
      [requestId],
    )) as { language: string; live: boolean }[];
    return {
      kind: 'photosReady',
      language: this.knownLanguage(request?.language),
      live: request?.live === true,
    };
  }

  private knownLanguage(value: string | null | undefined): MailLanguage | null {
    const parsed = mailLanguageSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  }

  private async requestOf(code: string, guestId: string): Promise<string | null> {
    const rows: { id: string }[] = await this.dataSource.query(
      'SELECT id FROM photos_ready_requests WHERE event_code = $1 AND guest_id = $2',
      [code, guestId],
    );
    return rows[0]?.id ?? null;
  }

  private languageOf(value: string | null | undefined): MailLanguage {
    if (value == null) return DEFAULT_MAIL_LANGUAGE;
    const parsed = mailLanguageSchema.safeParse(value);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED');
    return parsed.data;
  }

  /** The browser's zone when PostgreSQL knows it (it computes the morning), else UTC. */
  private async timeZoneOf(value: string | null | undefined): Promise<string> {
    if (!value || !timeZoneNameSchema.safeParse(value).success) return 'UTC';
    const known: unknown[] = await this.dataSource.query('SELECT 1 FROM pg_timezone_names WHERE name = $1', [
      value,
    ]);
    return known.length > 0 ? value : 'UTC';
  }
}
