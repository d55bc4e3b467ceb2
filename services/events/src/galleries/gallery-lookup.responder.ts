import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { galleryLookupRequestSchema, Requests, type GalleryLookupReply } from '@gallery/contracts';
import { describeError, EventBus, type NatsMessage, type NatsSubscription } from '@gallery/platform';
import { eventCreatedData, GalleriesRepository } from './galleries.repository.js';

/** Replicas of the service share the requests: each is answered by one of them. */
const QUEUE_GROUP = 'events-service';

/**
 * Answers `Requests.GalleryLookup` over core NATS: the media service asks about a gallery its read model has
 * not heard of yet (event.created still on its way). A request that breaks the contract names no gallery; a
 * lookup that fails gets no answer, so the asker's timeout tells it the events service cannot answer now.
 */
@Injectable()
export class GalleryLookupResponder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(GalleryLookupResponder.name);
  private subscription: NatsSubscription | undefined;

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(GalleriesRepository) private readonly galleries: GalleriesRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = this.bus.nc.subscribe(Requests.GalleryLookup, {
      queue: QUEUE_GROUP,
      callback: (error, message) => {
        if (error) this.logger.warn(`gallery lookups interrupted: ${describeError(error)}`);
        else void this.answer(message);
      },
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.subscription?.drain();
  }

  private async answer(message: NatsMessage): Promise<void> {
    try {
      message.respond(JSON.stringify(await this.reply(message)));
    } catch (error) {
      this.logger.warn(`gallery lookup not answered: ${describeError(error)}`);
    }
  }

  private async reply(message: NatsMessage): Promise<GalleryLookupReply> {
    let body: unknown;
    try {
      body = message.json();
    } catch {
      return { gallery: null };
    }
    const request = galleryLookupRequestSchema.safeParse(body);
    if (!request.success) return { gallery: null };
    const found = await this.galleries.findByCode(request.data.code);
    return { gallery: found && eventCreatedData(found) };
  }
}
