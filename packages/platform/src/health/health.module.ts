import { Controller, Get, Inject, Module, Optional, Res } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EventBus } from '../events/event-bus.js';
import { checkHealth, databaseCheck, natsCheck, type Check, type HealthReport } from './health.js';

/** Checks a service adds to the database and NATS ones (media: its bucket), provided under this token. */
export const EXTRA_HEALTH_CHECKS = Symbol('EXTRA_HEALTH_CHECKS');
export type ExtraHealthChecks = Record<string, Check>;

/**
 * GET /health: 200 when every dependency answers, 503 otherwise, so a load balancer routes around.
 * GET /health/live: 200 while the process answers at all, whatever its dependencies: what a liveness probe asks,
 * so a database or broker outage takes replicas out of the rotation without restarting every one of them.
 */
@Controller('health')
class HealthController {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(EventBus) private readonly bus: EventBus,
    @Optional() @Inject(EXTRA_HEALTH_CHECKS) private readonly extra: ExtraHealthChecks = {},
  ) {}

  @Get()
  async health(
    @Res({ passthrough: true }) response: { status(code: number): unknown },
  ): Promise<HealthReport> {
    const report = await checkHealth({
      database: databaseCheck(this.dataSource),
      nats: natsCheck(this.bus),
      ...this.extra,
    });
    response.status(report.status === 'ok' ? 200 : 503);
    return report;
  }

  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }
}

@Module({ controllers: [HealthController] })
export class HealthModule {}
