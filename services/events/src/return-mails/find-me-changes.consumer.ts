import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus } from '@gallery/platform';

/**
 * Keeps whether each gallery offers "Find me" (the faces service's switch, `event.find-me-changed`), so a guest's
 * photos-ready mail links to "photos of you" only there, without asking faces when it is sent. A change never
 * gives way to an earlier one delivered after it.
 */
@Injectable()
export class FindMeChangesConsumer extends DurableConsumerService {
  static readonly NAME = 'events-find-me-changes';
  protected readonly subjects = [Subjects.FindMeChanged];

  constructor(@Inject(EventBus) bus: EventBus, @Inject(DataSource) dataSource: DataSource) {
    super(bus, dataSource, FindMeChangesConsumer.NAME);
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    const { code, on } = (event as DomainEvent<typeof Subjects.FindMeChanged>).data;
    await manager.query(
      `UPDATE events SET find_me_on = $2, find_me_changed_at = $3
       WHERE code = $1 AND (find_me_changed_at IS NULL OR find_me_changed_at <= $3)`,
      [code, on, event.occurredAt],
    );
  }
}
