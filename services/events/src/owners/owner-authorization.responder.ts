import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import {
  ownerAuthorizationReplySchema,
  ownerAuthorizationRequestSchema,
  Requests,
  type OwnerAuthorizationReply,
} from '@gallery/contracts';
import { describeError, EventBus, type NatsMessage, type NatsSubscription } from '@gallery/platform';
import { eventCreatedData, GalleriesRepository } from '../galleries/galleries.repository.js';
import { bearerTokenFromHeader } from './bearer-token-from-header.js';
import { OwnerTokens } from './owner-tokens.js';

/** Replicas of the service share the requests: each is answered by one of them. */
const QUEUE_GROUP = 'events-service';

/**
 * Answers `Requests.OwnerAuthorization` over core NATS: another service (billing) asks whether a request's
 * Authorization header is a gallery's owner token before any owner-only action. Ownership is decided by the one
 * check the GraphQL API uses (OwnerTokens.verify). The owner's email goes only to an owner's request. A request
 * that breaks the contract names no gallery; a check that fails gets no answer, so the asker's timeout tells it
 * the events service cannot answer now.
 */
@Injectable()
export class OwnerAuthorizationResponder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OwnerAuthorizationResponder.name);
  private subscription: NatsSubscription | undefined;

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(GalleriesRepository) private readonly galleries: GalleriesRepository,
    @Inject(OwnerTokens) private readonly ownerTokens: OwnerTokens,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = this.bus.nc.subscribe(Requests.OwnerAuthorization, {
      queue: QUEUE_GROUP,
      callback: (error, message) => {
        if (error) this.logger.warn(`owner authorizations interrupted: ${describeError(error)}`);
        else void this.answer(message);
      },
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.subscription?.drain();
  }

  private async answer(message: NatsMessage): Promise<void> {
    try {
      // Checked on the way out too: a reply that breaks the contract is a bug here, not the asker's problem.
      message.respond(JSON.stringify(ownerAuthorizationReplySchema.parse(await this.reply(message))));
    } catch (error) {
      this.logger.warn(`owner authorization not answered: ${describeError(error)}`);
    }
  }

  private async reply(message: NatsMessage): Promise<OwnerAuthorizationReply> {
    let body: unknown;
    try {
      body = message.json();
    } catch {
      return { gallery: null, owner: null };
    }
    const request = ownerAuthorizationRequestSchema.safeParse(body);
    if (!request.success) return { gallery: null, owner: null };
    const { code, authorization } = request.data;
    const found = await this.galleries.findByCode(code);
    if (!found) return { gallery: null, owner: null };
    const gallery = eventCreatedData(found);
    if (!(await this.ownerTokens.verify(code, bearerTokenFromHeader(authorization)))) {
      return { gallery, owner: null };
    }
    const order = await this.galleries.findOrder(code);
    return { gallery, owner: order ? { email: order.email } : null };
  }
}
