import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  galleryPath,
  paymentReceiptMail,
  refundConfirmationMail,
  REFUND_WINDOW_DAYS,
  Subjects,
  type DomainEvent,
  type MailText,
} from '@gallery/contracts';
import { DurableConsumerService, EventBus, Mailer } from '@gallery/platform';
import { CheckoutEntity } from '../ledger/checkout.entity.js';
import { BillingConfig } from '../config/billing-config.js';
import { PaymentEntity } from '../ledger/payment.entity.js';

/**
 * Sends the owner a receipt for each payment and a confirmation for each refund, from billing's own
 * payment.succeeded and payment.refunded. A mail that the SMTP server refuses fails the handler, so the event
 * is redelivered and the mail retried rather than lost; a sent mail is marked with the event, once.
 */
@Injectable()
export class BillingMailConsumer extends DurableConsumerService {
  static readonly NAME = 'billing-mail';
  protected readonly subjects = [Subjects.PaymentSucceeded, Subjects.PaymentRefunded];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(BillingConfig) private readonly config: BillingConfig,
  ) {
    super(bus, dataSource, BillingMailConsumer.NAME);
  }

  async onModuleDestroy(): Promise<void> {
    await super.onModuleDestroy();
    this.mailer.close();
  }

  /** Mails the receipt or the refund confirmation of one payment event. */
  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    const paymentId = (event.data as { paymentId: string }).paymentId;
    const payment = await manager.findOneBy(PaymentEntity, { id: paymentId });
    // Another billing database's event (a shared broker in tests): not ours to mail about.
    if (!payment) return;
    const checkout = await manager.findOneByOrFail(CheckoutEntity, { id: payment.checkoutId });
    // In the language the couple paid in: billing does not hold the gallery's own language.
    const { eventCode } = event.data as { eventCode: string };
    const galleryUrl = `${this.config.publicUrl}${galleryPath(eventCode, checkout.language)}`;
    let mail: MailText;
    if (event.type === Subjects.PaymentSucceeded) {
      const data = (event as DomainEvent<typeof Subjects.PaymentSucceeded>).data;
      mail = paymentReceiptMail({
        language: checkout.language,
        eventCode: data.eventCode,
        galleryUrl,
        fromPlan: data.fromPlan,
        plan: data.plan,
        newGallery: checkout.newGallery,
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
