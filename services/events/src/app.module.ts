import { Module, type DynamicModule } from '@nestjs/common';
import { Mailer, ServiceModule } from '@gallery/platform';
import { AccessModule } from './access/access.module.js';
import { ChallengesModule } from './challenges/challenges.module.js';
import { EventsConfig } from './config/events-config.js';
import { ContactMessageEntity } from './contact/contact-message.entity.js';
import { ContactModule } from './contact/contact.module.js';
import { eventsMigrations } from './database/migrations.js';
import { CustomDomainEntity } from './custom-domains/custom-domain.entity.js';
import { CustomDomainsModule } from './custom-domains/custom-domains.module.js';
import { DemoGalleryModule } from './demo-gallery/demo-gallery.module.js';
import { DownloadsModule } from './downloads/downloads.module.js';
import { GalleryEntity } from './galleries/gallery.entity.js';
import { GalleriesModule } from './galleries/galleries.module.js';
import { OwnerMailModule } from './mail/owner-mail.module.js';
import { OrderEntity } from './orders/order.entity.js';
import { OwnersModule } from './owners/owners.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { PinModule } from './pin/pin.module.js';
import { PrivacyModule } from './privacy/privacy.module.js';
import { ReturnMailsModule } from './return-mails/return-mails.module.js';
import { TableCardsModule } from './table-cards/table-cards.module.js';
import { WallModule } from './wall/wall.module.js';

@Module({})
export class AppModule {
  static forRoot(config: EventsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceModule.forRoot({
          natsClientName: 'events-service',
          config,
          entities: [GalleryEntity, OrderEntity, ContactMessageEntity, CustomDomainEntity],
          migrations: eventsMigrations,
          // No `access`: AccessModule provides the check, deciding ownership and PINs where their
          // credentials are. Guests' attempts are counted by their signed identity: the key is the one media signs them with.
          guestIdentities: true,
          // Null without SMTP_URL: the mail consumers then say they send nothing.
          providers: [{ provide: Mailer, useValue: config.mail && new Mailer(config.mail) }],
          exports: [Mailer],
          imports: [
            GalleriesModule,
            OwnersModule,
            PinModule,
            AccessModule,
            DownloadsModule,
            PrivacyModule,
            WallModule,
            TableCardsModule,
            ChallengesModule,
            CustomDomainsModule,
            ContactModule,
            OwnerMailModule,
            PaymentsModule,
            ReturnMailsModule,
            DemoGalleryModule,
          ],
        }),
      ],
    };
  }
}
