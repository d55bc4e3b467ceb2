import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ownerDigestMail,
  Subjects,
  upgradePath,
  type DomainEvent,
  type MailLanguage,
} from '@gallery/contracts';
import { DurableConsumerService, EventBus, Mailer } from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';

/** A digest not sent within a day is stale: the next day's says what waits then. */
const DIGEST_MAX_DELAY_MS = 24 * 60 * 60 * 1000;

/** Sends the couple's daily digest, queued by OwnerDigests, to the order's address in the order's language. */
@Injectable()
export class OwnerDigestMailConsumer extends DurableConsumerService {
  static readonly NAME = 'events-owner-digest-mail';
  protected readonly subjects = [Subjects.OwnerDigestDue];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(EventsConfig) private readonly config: EventsConfig,
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
      `SELECT o.email, o.language FROM orders o JOIN events e ON e.code = o.event_code
       WHERE o.event_code = $1 AND e.owner_digest`,
      [facts.code],
    )) as { email: string; language: MailLanguage }[];
    // Purged, or the couple turned the digest off since it was queued.
    if (!owner) return;
    const eventPageUrl = `${this.config.publicUrl}/event/${encodeURIComponent(facts.code)}`;
    await this.mailer!.send({
      to: owner.email,
      ...ownerDigestMail(owner.language, {
        ...facts,
        reviewUrl: `${eventPageUrl}/review`,
        upgradeUrl: `${this.config.publicUrl}${upgradePath(facts.code, owner.language)}`,
        eventPageUrl,
      }),
    });
  }
}
