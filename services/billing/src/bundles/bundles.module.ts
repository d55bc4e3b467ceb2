import { Module } from '@nestjs/common';
import { OwnersModule } from '../owners/owners.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { BundleCheckoutsService } from './bundle-checkouts.service.js';
import { BundleMailConsumer } from './bundle-mail.consumer.js';
import { BundlesResolver } from './bundles.resolver.js';
import { CreditsService } from './credits.service.js';

/** Plan bundles bought ahead by a signed-in couple, and the credits they spend on galleries. */
@Module({
  imports: [PaymentsModule, OwnersModule],
  providers: [BundleCheckoutsService, CreditsService, BundlesResolver, BundleMailConsumer],
})
export class BundlesModule {}
