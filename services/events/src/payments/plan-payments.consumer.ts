import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus } from '@gallery/platform';
import { applyPayment, revertPayment, type PlanChange } from './plan-payments.js';

/**
 * Follows billing's payments: `payment.succeeded` applies the plan bought, `credit.redeemed` applies a bundle
 * credit's plan the same way (keyed by the credit's id), `payment.refunded` reverts a payment. Each
 * event is handled once (its processed mark commits with the plan change), also when it was published while
 * this service was down: the durable keeps it until it is handled.
 */
@Injectable()
export class PlanPaymentsConsumer extends DurableConsumerService {
  static readonly NAME = 'events-payments';
  protected readonly subjects = [
    Subjects.PaymentSucceeded,
    Subjects.PaymentRefunded,
    Subjects.CreditRedeemed,
  ];

  constructor(@Inject(EventBus) bus: EventBus, @Inject(DataSource) dataSource: DataSource) {
    super(bus, dataSource, PlanPaymentsConsumer.NAME);
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    let change: PlanChange;
    let paymentId: string;
    if (event.type === Subjects.PaymentSucceeded) {
      const payment = (event as DomainEvent<typeof Subjects.PaymentSucceeded>).data;
      paymentId = payment.paymentId;
      change = await applyPayment(manager, payment);
    } else if (event.type === Subjects.CreditRedeemed) {
      const credit = (event as DomainEvent<typeof Subjects.CreditRedeemed>).data;
      paymentId = credit.creditId;
      change = await applyPayment(manager, {
        paymentId: credit.creditId,
        eventCode: credit.eventCode,
        plan: credit.plan,
        paidAt: credit.redeemedAt,
      });
    } else if (event.type === Subjects.PaymentRefunded) {
      const refund = (event as DomainEvent<typeof Subjects.PaymentRefunded>).data;
      paymentId = refund.paymentId;
      change = await revertPayment(manager, refund);
    } else {
      return;
    }
    if (change.applied) {
      // plan.upgraded is published by the outbox relay's next pass, after this transaction commits.
      this.logger.log(`${event.type} ${paymentId}: plan ${change.previousPlan} -> ${change.plan}`);
    } else {
      this.logger.log(`${event.type} ${paymentId}: plan unchanged, ${change.reason}`);
    }
  }
}
