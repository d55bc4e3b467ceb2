import { Module } from '@nestjs/common';
import { customDomainTarget, EventsConfig } from '../config/events-config.js';
import { OwnersModule } from '../owners/owners.module.js';
import { CustomDomainLookupResponder } from './custom-domain-lookup.responder.js';
import { CustomDomainResolver } from './custom-domain.resolver.js';
import { CustomDomains } from './custom-domains.service.js';
import { DomainDns } from './domain-dns.js';
import { DomainEndingsConsumer } from './domain-endings.consumer.js';
import { DomainExpiry } from './domain-expiry.js';

/** A Premium gallery's own domain: its owner's operations, the gateway's lookup and its endings. */
@Module({
  imports: [OwnersModule],
  controllers: [CustomDomainLookupResponder],
  providers: [
    {
      provide: DomainDns,
      inject: [EventsConfig],
      useFactory: (config: EventsConfig) =>
        new DomainDns({ servers: config.dnsServers ?? null, target: customDomainTarget(config) }),
    },
    CustomDomains,
    CustomDomainResolver,
    DomainEndingsConsumer,
    DomainExpiry,
  ],
})
export class CustomDomainsModule {}
