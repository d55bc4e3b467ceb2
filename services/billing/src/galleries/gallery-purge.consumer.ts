import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus } from '@gallery/platform';

/**
 * The end of a gallery in billing (event.expired). Checkouts that never became a payment (open, cancelled) are
 * deleted. Payments are accounting records and are kept (amount, currency, plans, dates, Stripe's ids), but
 * nothing of the gallery stays with them: the gallery's code, the buyer's email and the payment page link are
 * cleared, on the payment and on its checkout.
 */
@Injectable()
export class GalleryPurgeConsumer extends DurableConsumerService {
  static readonly NAME = 'billing-gallery-purge';
  protected readonly subjects = [Subjects.EventExpired];

  constructor(@Inject(EventBus) bus: EventBus, @Inject(DataSource) dataSource: DataSource) {
    super(bus, dataSource, GalleryPurgeConsumer.NAME);
  }

  protected handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    return purgeGallery(manager, (event as DomainEvent<typeof Subjects.EventExpired>).data.code);
  }
}

export async function purgeGallery(manager: EntityManager, code: string): Promise<void> {
  await manager.query(
    `DELETE FROM checkouts c WHERE c.event_code = $1
       AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.checkout_id = c.id)`,
    [code],
  );
  await manager.query(
    `UPDATE checkouts SET event_code = NULL, customer_email = '', payment_url = '' WHERE event_code = $1`,
    [code],
  );
  await manager.query('UPDATE payments SET event_code = NULL WHERE event_code = $1', [code]);
}
