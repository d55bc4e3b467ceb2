import { Module, type DynamicModule } from '@nestjs/common';
import { Mailer, RemoteOwnerAuthority, ServiceModule } from '@gallery/platform';
import { BundleCheckoutEntity } from './ledger/bundle-checkout.entity.js';
import { BundlePurchaseEntity } from './ledger/bundle-purchase.entity.js';
import { BundlesModule } from './bundles/bundles.module.js';
import { CreditEntity } from './ledger/credit.entity.js';
import { CheckoutEntity } from './ledger/checkout.entity.js';
import { CheckoutsModule } from './checkouts/checkouts.module.js';
import { BillingConfig } from './config/billing-config.js';
import { billingMigrations } from './database/migrations.js';
import { GalleriesModule } from './galleries/galleries.module.js';
import { BillingMailModule } from './mail/billing-mail.module.js';
import { OwnersModule } from './owners/owners.module.js';
import { EventModel } from './payments/event.model.js';
import { PaymentEntity } from './ledger/payment.entity.js';
import { PaymentsModule } from './payments/payments.module.js';
import { createStripe, STRIPE } from './stripe/stripe-client.js';

@Module({})
export class AppModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceModule.forRoot({
          natsClientName: 'billing-service',
          config,
          // ledger/ holds the tables: payments records what checkouts and bundles sell, so they sit below all three.
          entities: [CheckoutEntity, PaymentEntity, BundleCheckoutEntity, BundlePurchaseEntity, CreditEntity],
          migrations: billingMigrations,
          // Ownership asked of events.
          access: { owners: RemoteOwnerAuthority },
          orphanedTypes: [EventModel],
          providers: [
            { provide: STRIPE, useFactory: () => createStripe(config) },
            {
              provide: Mailer,
              useFactory: () => new Mailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
            },
          ],
          exports: [STRIPE, Mailer],
          imports: [
            PaymentsModule,
            CheckoutsModule,
            BundlesModule,
            OwnersModule,
            GalleriesModule,
            BillingMailModule,
          ],
        }),
      ],
    };
  }
}
