import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EventBus, checkHealth, databaseCheck, natsCheck, type HealthReport } from '@gallery/platform';

/** Ready only when the database and NATS answer: a load balancer stops sending traffic otherwise. */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  @Get()
  async health(): Promise<HealthReport> {
    const report = await checkHealth({ database: databaseCheck(this.dataSource), nats: natsCheck(this.bus) });
    if (report.status !== 'ok') throw new ServiceUnavailableException(report);
    return report;
  }
}
