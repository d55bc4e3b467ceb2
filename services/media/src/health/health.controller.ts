import { Controller, Get, Inject, Res } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { checkHealth, databaseCheck, EventBus, natsCheck, type HealthReport } from '@gallery/platform';
import { ObjectStorage } from '../storage/object-storage.js';

/** Ready only when the database, NATS and the bucket all answer; 503 otherwise, so balancers route around. */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  @Get()
  async health(
    @Res({ passthrough: true }) response: { status(code: number): unknown },
  ): Promise<HealthReport> {
    const report = await checkHealth({
      database: databaseCheck(this.dataSource),
      nats: natsCheck(this.bus),
      storage: this.storage.healthCheck(),
    });
    response.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
