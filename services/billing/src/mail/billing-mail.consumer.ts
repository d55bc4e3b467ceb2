import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  paymentReceiptMail,
  refundConfirmationMail,
  REFUND_WINDOW_DAYS,
  Subjects,
  type DomainEvent,
  type MailText,
} from '@gallery/contracts';
import { describeError, DurableConsumer, EventBus, Mailer } from '@gallery/platform';
import { CheckoutEntity } from '../checkouts/checkout.entity.js';
import { BillingConfig } from '../config/billing-config.js';
import { PaymentEntity } from '../payments/payment.entity.js';

/**
 * Sends the owner a receipt for each payment and a confirmation for each refund, from billing's own
 * payment.succeeded and payment.refunded. A mail that the SMTP server refuses fails the handler, so the event
 * is redelivered and the mail retried rather than lost; a sent mail is marked with the event, once.
 */
@Injectable()
export class BillingMailConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  static readonly NAME = 'billing-mail';
  private readonly logger = new Logger(BillingMailConsumer.name);
  private consumer: DurableConsumer | undefined;

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(BillingConfig) private readonly config: BillingConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = new DurableConsumer(this.bus, this.dataSource, {
      name: BillingMailConsumer.NAME,
      subjects: [Subjects.PaymentSucceeded, Subjects.PaymentRefunded],
      handle: (event, manager) => this.send(event, manager),
      onError: (error, event) =>
        this.logger.warn(`${event ? `${event.type} ${event.id}` : 'consumer'}: ${describeError(error)}`),
    });
    await this.consumer.start();
  }

  /** Stops before the event bus closes its connection (that happens in the shutdown hook after this one). */
  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
    this.mailer.close();
  }

  private async send(event: DomainEvent, manager: EntityManager): Promise<void> {
    const paymentId = (event.data as { paymentId: string }).paymentId;
    const payment = await manager.findOneBy(PaymentEntity, { id: paymentId });
    // Another billing database's event (a shared broker in tests): not ours to mail about.
    if (!payment) return;
    const checkout = await manager.findOneByOrFail(CheckoutEntity, { id: payment.checkoutId });
    const galleryUrl = `${this.config.publicUrl}/gallery/${payment.eventCode}`;
    let mail: MailText;
    if (event.type === Subjects.PaymentSucceeded) {
      const data = (event as DomainEvent<typeof Subjects.PaymentSucceeded>).data;
      mail = paymentReceiptMail({
        language: checkout.language,
        eventCode: data.eventCode,
        galleryUrl,
        fromPlan: data.fromPlan,
        plan: data.plan,
        amountCents: data.amountCents,
        currency: data.currency,
        paidAt: data.paidAt,
        refundWindowDays: REFUND_WINDOW_DAYS,
      });
    } else if (event.type === Subjects.PaymentRefunded) {
      const data = (event as DomainEvent<typeof Subjects.PaymentRefunded>).data;
      mail = refundConfirmationMail({
        language: checkout.language,
        eventCode: data.eventCode,
        galleryUrl,
        plan: data.plan,
        revertTo: data.revertTo,
        amountCents: data.amountCents,
        currency: data.currency,
        refundedAt: data.refundedAt,
      });
    } else {
      return;
    }
    await this.mailer.send({ to: checkout.customerEmail, ...mail });
  }
}
