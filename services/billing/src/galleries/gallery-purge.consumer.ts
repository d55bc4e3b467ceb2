import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus } from '@gallery/platform';

/**
 * The end of a gallery in billing (event.expired). Payments are accounting records and are kept (amount,
 * currency, plans, dates, Stripe's ids), but nothing of the gallery stays with them: the gallery's code, the
 * buyer's email and the payment page link are cleared, on the payment and on its checkout, and on a bundle
 * credit spent on it. Checkouts never paid
 * are kept the same way, closed: a Stripe page still open can be paid after the purge, and that payment must
 * find its checkout to be refunded.
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
    `UPDATE checkouts SET event_code = NULL, customer_email = '', payment_url = '',
       status = CASE WHEN status = 'open' THEN 'cancelled' ELSE status END
     WHERE event_code = $1`,
    [code],
  );
  await manager.query('UPDATE payments SET event_code = NULL WHERE event_code = $1', [code]);
  // A credit spent on the gallery stays spent, naming no gallery.
  await manager.query('UPDATE credits SET event_code = NULL WHERE event_code = $1', [code]);
}
