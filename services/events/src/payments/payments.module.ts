import { Module } from '@nestjs/common';
import { PlanPaymentsConsumer } from './plan-payments.consumer.js';

/** Plans paid for in billing, applied to their galleries. */
@Module({
  providers: [PlanPaymentsConsumer],
})
export class PaymentsModule {}
