import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { galleryPath, planChangeMail, Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus, Mailer } from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';
import { GalleryEntity } from '../galleries/gallery.entity.js';
import { OrderEntity } from '../orders/order.entity.js';
import { OrderConfirmationSender } from './order-confirmation-sender.js';
import { ORDER_CONFIRMATION_MAX_DELAY_MS } from './order-confirmation.consumer.js';

/**
 * Mails the couple once a paid plan is applied: for the package they ordered, the order's confirmation (its one
 * mail besides billing's receipt); for a later upgrade, the new plan and the last day guests can add photos,
 * counted from the wedding day (billing's receipt, sent on the payment, cannot know it). Refunds have billing's own mail; a new
 * wedding date is the couple's own doing and shows on their pages. A refused send is retried like every mail.
 */
@Injectable()
export class PlanChangeMailConsumer extends DurableConsumerService {
  static readonly NAME = 'events-plan-change-mail';
  protected readonly subjects = [Subjects.PlanUpgraded];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(EventsConfig) private readonly config: EventsConfig,
    @Inject(OrderConfirmationSender) private readonly confirmation: OrderConfirmationSender,
    @Inject(Mailer) private readonly mailer: Mailer | null,
  ) {
    super(bus, dataSource, PlanChangeMailConsumer.NAME);
  }

  protected canStart(): boolean {
    return this.mailer !== null;
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    const { code, plan, expiresAt, reason } = (event as DomainEvent<typeof Subjects.PlanUpgraded>).data;
    // Old news is not mailed (a mail server down for a day, a consumer started on an old stream).
    if (reason !== 'payment' || Date.now() - Date.parse(event.occurredAt) > ORDER_CONFIRMATION_MAX_DELAY_MS)
      return;
    const [order, gallery] = await Promise.all([
      manager.findOneBy(OrderEntity, { eventCode: code }),
      manager.findOneBy(GalleryEntity, { code }),
    ]);
    if (!order || !gallery) return;
    // The payment of the package ordered: the order's one confirmation, not a plan change on top of it.
    if (order.requestedPlan !== 'free' && order.requestedPlan === plan) {
      await this.confirmation.send(order, code, expiresAt);
      return;
    }
    const mail = planChangeMail(order.language, {
      code,
      galleryUrl: `${this.config.publicUrl}${galleryPath(code, gallery.language)}`,
      plan,
      expiresAt,
    });
    await this.mailer!.send({ to: order.email, ...mail });
  }
}
