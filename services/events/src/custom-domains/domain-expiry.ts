import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OutboxRelay, PeriodicTask } from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';
import { GALLERY_ENDINGS_INTERVAL_MS } from '../galleries/gallery-endings.js';
import { CustomDomains, releaseDomain } from './custom-domains.service.js';

const BATCH = 100;

/**
 * When a Premium gallery's storage ends, its domain is released and the couple mailed: the gallery stays on the
 * product's own host for its grace period, but the couple's domain, like uploads, ends with the plan's year.
 */
@Injectable()
export class DomainExpiry implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DomainExpiry.name);
  private readonly runs: PeriodicTask;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(CustomDomains) private readonly domains: CustomDomains,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(EventsConfig) private readonly config: EventsConfig,
  ) {
    this.runs = new PeriodicTask(
      'domain endings',
      config.domainEndingsIntervalMs ?? GALLERY_ENDINGS_INTERVAL_MS,
      () => this.runOnce(),
      this.logger,
    );
  }

  onApplicationBootstrap(): void {
    this.runs.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.runs.stop();
  }

  /** Releases the domains of galleries whose storage has ended; how many. */
  async runOnce(now = new Date()): Promise<number> {
    const due: { code: string }[] = await this.dataSource.query(
      `SELECT d.event_code AS code FROM custom_domains d JOIN events e ON e.code = d.event_code
       WHERE e.expires_at <= $1 LIMIT $2`,
      [now, BATCH],
    );
    let released = 0;
    for (const { code } of due) {
      await this.dataSource.transaction(async (manager) => {
        const host = await releaseDomain(manager, code, 'expired');
        if (!host) return;
        released++;
        await this.domains.mailEnded(manager, code, host, 'expired');
      });
    }
    if (released > 0) this.relay.kick();
    return released;
  }
}
