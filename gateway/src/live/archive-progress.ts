import type { Subscription } from '@nats-io/transport-node';
import {
  ARCHIVE_PROGRESS_SUBJECT_PREFIX,
  archiveProgressSchema,
  type ArchiveProgress,
} from '@gallery/contracts';
import type { LiveFanout } from './live-fanout.js';
import type { GatewayNats } from '../nats/gateway-nats.js';

/**
 * Feeds zip progress from core NATS (`live.archive.progress.*`, published by the download service) into the
 * fan-out. No queue group: every gateway replica serves its own sockets. A message breaking the contract is
 * skipped. Progress published while NATS was away is lost; the web app also reads the job's status.
 */
export class NatsArchiveProgressFeed {
  private subscription: Subscription | undefined;
  private stopped = false;

  constructor(
    private readonly nats: GatewayNats,
    private readonly fanout: LiveFanout,
    private readonly log: { warn(message: string): void } = console,
  ) {}

  async start(): Promise<void> {
    const connection = await this.nats.connection();
    if (this.stopped) return;
    this.subscription = connection.subscribe(`${ARCHIVE_PROGRESS_SUBJECT_PREFIX}.*`, {
      callback: (_error, message) => this.receive(message.data),
    });
    await connection.flush();
  }

  receive(data: Uint8Array): void {
    let progress: ArchiveProgress;
    try {
      progress = archiveProgressSchema.parse(JSON.parse(new TextDecoder().decode(data)));
    } catch {
      this.log.warn('ignored an archive progress message that breaks its contract');
      return;
    }
    this.fanout.publishArchiveProgress(progress);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.subscription?.unsubscribe();
  }
}
