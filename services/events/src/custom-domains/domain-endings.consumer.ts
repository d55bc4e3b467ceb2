import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus } from '@gallery/platform';
import { CustomDomains, releaseDomain } from './custom-domains.service.js';

/**
 * Releases a gallery's domain when the gallery leaves Premium (`plan.upgraded` after a refund) or is purged
 * (`event.expired`), with a mail to the couple in the first case (a purged gallery's couple had its own mails).
 * Events follows its own events here so the payment and purge code need not know about domains.
 */
@Injectable()
export class DomainEndingsConsumer extends DurableConsumerService {
  static readonly NAME = 'events-domains';
  protected readonly subjects = [Subjects.PlanUpgraded, Subjects.EventExpired];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(CustomDomains) private readonly domains: CustomDomains,
  ) {
    super(bus, dataSource, DomainEndingsConsumer.NAME);
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type === Subjects.PlanUpgraded) {
      const change = (event as DomainEvent<typeof Subjects.PlanUpgraded>).data;
      if (change.plan === 'premium') return;
      const host = await releaseDomain(manager, change.code, 'plan');
      if (!host) return;
      this.logger.log(`gallery ${change.code} left Premium: ${host} released`);
      await this.domains.mailEnded(manager, change.code, host, 'plan');
    } else if (event.type === Subjects.EventExpired) {
      const { code, reason } = (event as DomainEvent<typeof Subjects.EventExpired>).data;
      const host = await releaseDomain(manager, code, reason);
      if (host) this.logger.log(`gallery ${code} purged: ${host} released`);
    }
  }
}
