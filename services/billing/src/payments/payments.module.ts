import { Module } from '@nestjs/common';
import { PaymentsService } from './payments.service.js';
import { RefundsResolver } from './refunds.resolver.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';

/** Payments as Stripe reports them (the signed webhook), recorded once, and refunds within the window. */
@Module({
  controllers: [StripeWebhookController],
  providers: [PaymentsService, RefundsResolver],
  exports: [PaymentsService],
})
export class PaymentsModule {}
