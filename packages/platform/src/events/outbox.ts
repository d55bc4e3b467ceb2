import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { DomainEvent, EventData, Subject } from '@gallery/contracts';
import { OutboxEventEntity } from './outbox-event.entity.js';

/**
 * Records a domain event inside the caller's transaction. The event exists exactly when the change it
 * describes was committed; the relay publishes it afterwards.
 */
export async function recordEvent<S extends Subject>(
  manager: EntityManager,
  type: S,
  data: EventData[S],
): Promise<DomainEvent<S>> {
  const event: DomainEvent<S> = { id: randomUUID(), type, occurredAt: new Date().toISOString(), data };
  await manager.insert(OutboxEventEntity, {
    id: event.id,
    subject: type,
    envelope: event,
    occurredAt: new Date(event.occurredAt),
  });
  return event;
}
