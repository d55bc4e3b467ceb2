import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent } from '@gallery/contracts';
import { describeError, DurableConsumer, EventBus } from '@gallery/platform';

/**
 * The end of a gallery in billing (event.expired). Checkouts that never became a payment (open, cancelled) are
 * deleted. Payments are accounting records and are kept (amount, currency, plans, dates, Stripe's ids), but
 * nothing of the gallery stays with them: the gallery's code, the buyer's email and the payment page link are
 * cleared, on the payment and on its checkout.
 */
@Injectable()
export class GalleryPurgeConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  static readonly NAME = 'billing-gallery-purge';
  private readonly logger = new Logger(GalleryPurgeConsumer.name);
  private consumer: DurableConsumer | undefined;

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = new DurableConsumer(this.bus, this.dataSource, {
      name: GalleryPurgeConsumer.NAME,
      subjects: [Subjects.EventExpired],
      handle: (event, manager) =>
        purgeGallery(manager, (event as DomainEvent<typeof Subjects.EventExpired>).data.code),
      onError: (error, event) =>
        this.logger.warn(`${event ? `${event.type} ${event.id}` : 'consumer'}: ${describeError(error)}`),
    });
    await this.consumer.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
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
