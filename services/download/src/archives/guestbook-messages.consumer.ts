import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent, type GuestbookMessage } from '@gallery/contracts';
import { DurableConsumerService, EventBus } from '@gallery/platform';
import { ArchiveJobsRepository } from './archive-jobs.repository.js';

/**
 * Keeps the galleries' guestbook messages from media's events, for the readable page in Download All. Media
 * publishes a message once it is shown to guests (at once, or when the couple approves it), so a message waiting
 * for approval is never here. A new or removed message bumps the gallery's version like a photo does, so a
 * finished zip without it is built again.
 * A gallery that ends loses its messages here (event.expired).
 */
@Injectable()
export class GuestbookMessagesConsumer extends DurableConsumerService {
  static readonly NAME = 'download-guestbook';
  protected readonly subjects = [
    Subjects.GuestbookMessagePosted,
    Subjects.GuestbookMessageRemoved,
    Subjects.EventExpired,
  ];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(ArchiveJobsRepository) private readonly jobs: ArchiveJobsRepository,
  ) {
    super(bus, dataSource, GuestbookMessagesConsumer.NAME);
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type === Subjects.GuestbookMessagePosted) {
      const { message } = (event as DomainEvent<typeof Subjects.GuestbookMessagePosted>).data;
      await manager.query(
        `INSERT INTO guestbook_messages (id, event_code, guest_name, text, created_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
        [message.id, message.eventCode, message.guestName, message.text, message.createdAt],
      );
      await this.jobs.bumpVersion(manager, message.eventCode);
    } else if (event.type === Subjects.GuestbookMessageRemoved) {
      const { id, eventCode } = (event as DomainEvent<typeof Subjects.GuestbookMessageRemoved>).data;
      const [, removed] = (await manager.query('DELETE FROM guestbook_messages WHERE id = $1', [id])) as [
        unknown,
        number,
      ];
      // A message hidden while it waited was never here: the zips already made stay as they are.
      if (removed > 0) await this.jobs.bumpVersion(manager, eventCode);
    } else if (event.type === Subjects.EventExpired) {
      const { code } = (event as DomainEvent<typeof Subjects.EventExpired>).data;
      await manager.query('DELETE FROM guestbook_messages WHERE event_code = $1', [code]);
    }
  }
}

/** A gallery's messages, oldest first, as the zip's page lists them. */
export async function guestbookMessagesOf(dataSource: DataSource, code: string): Promise<GuestbookMessage[]> {
  const rows = (await dataSource.query(
    `SELECT id, event_code, guest_name, text, created_at FROM guestbook_messages
     WHERE event_code = $1 ORDER BY created_at, id`,
    [code],
  )) as { id: string; event_code: string; guest_name: string | null; text: string; created_at: Date }[];
  return rows.map((row) => ({
    id: row.id,
    eventCode: row.event_code,
    guestName: row.guest_name,
    text: row.text,
    createdAt: row.created_at.toISOString(),
  }));
}
