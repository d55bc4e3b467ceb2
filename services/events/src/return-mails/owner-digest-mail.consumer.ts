import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  oneClickStopHeaders,
  oneClickStopPath,
  ownerDigestHasNews,
  ownerDigestMail,
  Subjects,
  upgradePath,
  type DomainEvent,
  type MailLanguage,
} from '@gallery/contracts';
import { DurableConsumerService, EventBus, GuestIdentities, Mailer } from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';
import { withoutPartsOff } from './owner-digests.js';

/** A digest not sent within a day is stale: the next day's says what waits then. */
const DIGEST_MAX_DELAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sends the couple's daily digest, queued by OwnerDigests, to the order's address in the order's language, with a
 * one-click unsubscribe (RFC 8058) that turns every part of it off.
 */
@Injectable()
export class OwnerDigestMailConsumer extends DurableConsumerService {
  static readonly NAME = 'events-owner-digest-mail';
  protected readonly subjects = [Subjects.OwnerDigestDue];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(EventsConfig) private readonly config: EventsConfig,
    @Inject(GuestIdentities) private readonly identities: GuestIdentities,
    @Inject(Mailer) private readonly mailer: Mailer | null,
  ) {
    super(bus, dataSource, OwnerDigestMailConsumer.NAME);
  }

  protected canStart(): boolean {
    return this.mailer !== null;
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    const facts = (event as DomainEvent<typeof Subjects.OwnerDigestDue>).data;
    if (Date.now() - Date.parse(event.occurredAt) > DIGEST_MAX_DELAY_MS) return;
    const [owner] = (await manager.query(
      `SELECT o.email, o.language, e.owner_mails_off FROM orders o JOIN events e ON e.code = o.event_code
       WHERE o.event_code = $1`,
      [facts.code],
    )) as { email: string; language: MailLanguage; owner_mails_off: string[] }[];
    if (!owner) return;
    // The parts the couple turned off since it was queued are left out; with none left, nothing goes.
    const wanted = withoutPartsOff(facts, new Set(owner.owner_mails_off));
    if (!ownerDigestHasNews(wanted)) return;
    const eventPageUrl = `${this.config.publicUrl}/event/${encodeURIComponent(facts.code)}`;
    const stopUrl = `${this.config.publicUrl}${oneClickStopPath(this.identities.digestStopToken(facts.code))}`;
    await this.mailer!.send({
      to: owner.email,
      ...ownerDigestMail(owner.language, {
        ...wanted,
        reviewUrl: `${eventPageUrl}/review`,
        upgradeUrl: `${this.config.publicUrl}${upgradePath(facts.code, owner.language)}`,
        eventPageUrl: `${eventPageUrl}#mails`,
      }),
      headers: oneClickStopHeaders(stopUrl),
    });
  }
}
