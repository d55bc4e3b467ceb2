import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { downloadPermissionRequestSchema, Requests, type DownloadPermissionReply } from '@gallery/contracts';
import { describeError, EventBus, type NatsMessage, type NatsSubscription } from '@gallery/platform';
import { EventEntity } from '../galleries/event.entity.js';
import { bearerTokenFromHeader } from '../owners/bearer-token-from-header.js';
import { OwnerTokens } from '../owners/owner-tokens.js';

/** Replicas of the service share the requests: each is answered by one of them. */
const QUEUE_GROUP = 'events-service';

/**
 * Answers `Requests.DownloadPermission` for the download service: whether the caller is the gallery's owner
 * (the one ownership check, OwnerTokens) and whether the owner lets guests download. A request that breaks the
 * contract names no gallery; a read that fails gets no answer (the asker's timeout says events cannot answer).
 */
@Injectable()
export class DownloadPermissionResponder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DownloadPermissionResponder.name);
  private subscription: NatsSubscription | undefined;

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OwnerTokens) private readonly ownerTokens: OwnerTokens,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = this.bus.nc.subscribe(Requests.DownloadPermission, {
      queue: QUEUE_GROUP,
      callback: (error, message) => {
        if (error) this.logger.warn(`download permissions interrupted: ${describeError(error)}`);
        else void this.answer(message);
      },
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    // The bus may have closed its connection first (shutdown hooks run in no set order): nothing left to drain.
    if (this.bus.nc.isClosed()) return;
    await this.subscription?.drain().catch(() => undefined);
  }

  private async answer(message: NatsMessage): Promise<void> {
    try {
      message.respond(JSON.stringify(await this.reply(message)));
    } catch (error) {
      this.logger.warn(`download permission not answered: ${describeError(error)}`);
    }
  }

  private async reply(message: NatsMessage): Promise<DownloadPermissionReply> {
    const none: DownloadPermissionReply = { gallery: null, owner: false, guestDownloadsAllowed: false };
    let body: unknown;
    try {
      body = message.json();
    } catch {
      return none;
    }
    const request = downloadPermissionRequestSchema.safeParse(body);
    if (!request.success) return none;
    const event = await this.dataSource.getRepository(EventEntity).findOneBy({ code: request.data.code });
    if (!event) return none;
    return {
      gallery: { code: event.code, name: event.name },
      owner: await this.ownerTokens.verify(event.code, bearerTokenFromHeader(request.data.authorization)),
      guestDownloadsAllowed: event.guestDownloads,
    };
  }
}
