import { Module } from '@nestjs/common';
import { BillingMailConsumer } from './billing-mail.consumer.js';

/** The owner's receipt for each payment and confirmation of each refund. */
@Module({
  providers: [BillingMailConsumer],
})
export class BillingMailModule {}
