import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  bundleReceiptMail,
  bundleRefundMail,
  REFUND_WINDOW_DAYS,
  Subjects,
  type DomainEvent,
  type MailText,
} from '@gallery/contracts';
import { DurableConsumerService, EventBus, Mailer } from '@gallery/platform';
import { BillingConfig } from '../config/billing-config.js';
import { BundleCheckoutEntity } from '../ledger/bundle-checkout.entity.js';
import { BundlePurchaseEntity } from '../ledger/bundle-purchase.entity.js';

/**
 * Mails the buyer a receipt listing the credits of each bundle purchase, and a confirmation of each refund of
 * unused credits. A mail the SMTP server refuses fails the handler, so it is retried rather than lost.
 */
@Injectable()
export class BundleMailConsumer extends DurableConsumerService {
  static readonly NAME = 'billing-bundle-mail';
  protected readonly subjects = [Subjects.CreditsPurchased, Subjects.CreditsRefunded];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(BillingConfig) private readonly config: BillingConfig,
  ) {
    super(bus, dataSource, BundleMailConsumer.NAME);
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    const { purchaseId } = event.data as { purchaseId: string };
    const purchase = await manager.findOneBy(BundlePurchaseEntity, { id: purchaseId });
    // Another billing database's event (a shared broker in tests): not ours to mail about.
    if (!purchase) return;
    const { language } = await manager.findOneByOrFail(BundleCheckoutEntity, { id: purchase.checkoutId });
    let mail: MailText;
    if (event.type === Subjects.CreditsPurchased) {
      const data = (event as DomainEvent<typeof Subjects.CreditsPurchased>).data;
      mail = bundleReceiptMail({
        language,
        plan: purchase.plan,
        events: purchase.events,
        quantity: data.quantity,
        credits: data.credits,
        amountCents: data.amountCents,
        currency: data.currency,
        paidAt: data.paidAt,
        expiresAt: data.expiresAt,
        refundWindowDays: REFUND_WINDOW_DAYS,
        dashboardUrl: `${this.config.publicUrl}/dashboard`,
      });
    } else if (event.type === Subjects.CreditsRefunded) {
      const data = (event as DomainEvent<typeof Subjects.CreditsRefunded>).data;
      mail = bundleRefundMail({
        language,
        plan: purchase.plan,
        refundedCredits: data.refundedCredits,
        totalCredits: data.totalCredits,
        amountCents: data.amountCents,
        currency: data.currency,
        refundedAt: data.refundedAt,
      });
    } else {
      return;
    }
    await this.mailer.send({ to: purchase.ownerEmail, ...mail });
  }
}
