import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus, Mailer } from '@gallery/platform';
import { OrderEntity } from '../orders/order.entity.js';
import { OrderConfirmationSender } from './order-confirmation-sender.js';

/**
 * A confirmation that would reach the couple later than this after their order is not sent: it covers a mail
 * server down for hours, and keeps a consumer started on an old stream (a first deployment) from mailing
 * every past order.
 */
export const ORDER_CONFIRMATION_MAX_DELAY_MS = 24 * 60 * 60 * 1000;

/**
 * Mails the couple their order confirmation once their gallery exists, for a Free order; a paid order's comes
 * with its payment (PlanChangeMailConsumer). The address is read from the order here; it never travels in events.
 * A refused send fails the handler, so the event is redelivered and the mail retried.
 */
@Injectable()
export class OrderConfirmationConsumer extends DurableConsumerService {
  static readonly NAME = 'events-order-confirmation';
  protected readonly subjects = [Subjects.EventCreated];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(OrderConfirmationSender) private readonly confirmation: OrderConfirmationSender,
    @Inject(Mailer) private readonly mailer: Mailer | null,
  ) {
    super(bus, dataSource, OrderConfirmationConsumer.NAME);
  }

  protected canStart(): boolean {
    if (!this.mailer) this.logger.warn('SMTP_URL is not set: order confirmations are not sent');
    return this.mailer !== null;
  }

  async onModuleDestroy(): Promise<void> {
    await super.onModuleDestroy();
    this.mailer?.close();
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    const { code } = (event as DomainEvent<typeof Subjects.EventCreated>).data;
    if (Date.now() - Date.parse(event.occurredAt) > ORDER_CONFIRMATION_MAX_DELAY_MS) {
      this.logger.warn(`order confirmation for ${code} not sent: the order is over a day old`);
      return;
    }
    const order = await manager.findOneBy(OrderEntity, { eventCode: code });
    if (!order) {
      this.logger.warn(`order confirmation for ${code} not sent: no order`);
      return;
    }
    // A paid order is confirmed once, when its payment is applied (PlanChangeMailConsumer), whichever of the two
    // events is handled first: nothing is mailed for a checkout that is never paid.
    if (order.requestedPlan !== 'free') return;
    await this.confirmation.send(order, code);
  }
}
