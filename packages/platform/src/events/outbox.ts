import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { DomainEvent, EventData, Subject } from '@gallery/contracts';
import { OutboxEventEntity } from './outbox-event.entity.js';
import { carriedHeaders, type CarriedHeaders } from '../observability/trace-context.js';

/** What recordEvent's events carry of their request, for a relay publishing them straight from memory. */
const carriedBy = new WeakMap<DomainEvent, CarriedHeaders>();

/** The request id and trace context recorded with `event` (empty for an event read back from elsewhere). */
export function headersOf(event: DomainEvent): CarriedHeaders | undefined {
  return carriedBy.get(event);
}

/**
 * For a service writing its outbox row itself (one statement for a photo and its event): the current request's id
 * and trace context for the row's `headers` column (null when there are none), kept with `event` for the relay.
 */
export function outboxHeaders(event: DomainEvent): CarriedHeaders | null {
  const headers = carriedHeaders();
  carriedBy.set(event, headers);
  return Object.keys(headers).length > 0 ? headers : null;
}

/** `copy`, a changed copy of `event`, carrying what `event` carries of its request. */
export function withHeadersOf<E extends DomainEvent>(event: DomainEvent, copy: E): E {
  const headers = carriedBy.get(event);
  if (headers) carriedBy.set(copy, headers);
  return copy;
}

/**
 * Records a domain event inside the caller's transaction. The event exists exactly when the change it
 * describes was committed; the relay publishes it afterwards, with the id and trace context of the request (or
 * event) being handled now.
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
    headers: outboxHeaders(event),
  });
  return event;
}
