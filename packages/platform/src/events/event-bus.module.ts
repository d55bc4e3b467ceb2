import {
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EventBus } from './event-bus.js';
import { OutboxRelay } from './outbox-relay.js';
import { describeError } from '../logging/describe-error.js';
import { PeriodicTask } from '../background/periodic-task.js';
import { forgetExpiredMarks, PROCESSED_MARK_SWEEP_INTERVAL_MS } from './processed-event-marks.js';
import { ServiceRequestServer } from '../requests/service-request-server.js';

@Injectable()
class EventBusLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** Forgets the processed-event marks whose events the stream no longer holds. */
  private readonly markSweep: PeriodicTask;

  constructor(
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
  ) {
    this.markSweep = new PeriodicTask(
      'forgetting processed-event marks',
      PROCESSED_MARK_SWEEP_INTERVAL_MS,
      () => forgetExpiredMarks(dataSource),
      new Logger('ProcessedEventMarks'),
    );
  }

  onApplicationBootstrap(): void {
    this.relay.start();
    this.markSweep.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.markSweep.stop();
    await this.relay.stop();
    await this.bus.close();
  }
}

/**
 * Gives a Nest service its NATS connection (EventBus), the outbox relay that publishes what its transactions
 * recorded with `recordEvent`, and the Nest NATS server of its service requests on the same connection
 * (ServiceRequestServer, which createServiceApp connects). Needs TypeORM's DataSource in the container.
 */
@Module({})
export class EventBusModule {
  /**
   * `relayPollIntervalMs`: how often the relay looks for rows no kick published (500 ms by default); a service
   * that kicks after every transaction recording events may look less often. `requestQueue`: the queue group the
   * service's replicas answer service requests in (each request answered by one of them).
   */
  static forRoot(options: {
    natsUrl: string;
    clientName: string;
    requestQueue: string;
    relayPollIntervalMs?: number;
  }): DynamicModule {
    const logger = new Logger('OutboxRelay');
    return {
      module: EventBusModule,
      global: true,
      providers: [
        { provide: EventBus, useFactory: () => EventBus.connect(options.natsUrl, options.clientName) },
        {
          provide: OutboxRelay,
          inject: [DataSource, EventBus],
          useFactory: (dataSource: DataSource, bus: EventBus) =>
            new OutboxRelay(dataSource, bus, {
              pollIntervalMs: options.relayPollIntervalMs,
              onError: (error) => logger.warn(`publishing delayed: ${describeError(error)}`),
              onParked: (event, reason) =>
                logger.error(
                  `event ${event.id} (${event.subject}) parked, it can never be published: ${reason}`,
                ),
            }),
        },
        {
          provide: ServiceRequestServer,
          inject: [EventBus],
          useFactory: (bus: EventBus) => new ServiceRequestServer(bus.nc, options.requestQueue),
        },
        EventBusLifecycle,
      ],
      exports: [EventBus, OutboxRelay, ServiceRequestServer],
    };
  }
}
