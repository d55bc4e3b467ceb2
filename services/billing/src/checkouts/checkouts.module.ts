import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { CheckoutsResolver } from './checkouts.resolver.js';
import { CheckoutsService } from './checkouts.service.js';

/** A gallery's plan checkout, priced from the plan catalogue: Stripe Checkout or the demo checkout. */
@Module({
  imports: [PaymentsModule],
  providers: [CheckoutsService, CheckoutsResolver],
})
export class CheckoutsModule {}
