import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { describeError } from '../logging/describe-error.js';
import type { EventBus, NatsMessage, NatsSubscription } from './event-bus.js';

/** What a responder needs of a request's zod schema. */
export interface RequestSchema<Request> {
  safeParse(value: unknown): { success: true; data: Request } | { success: false };
}

export interface RequestResponderOptions<Request, Reply> {
  /** The request subject (`Requests.*` in @gallery/contracts). */
  subject: string;
  /** Replicas of one service share a queue group: each request is answered by one of them. */
  queue: string;
  request: RequestSchema<Request>;
  /** The answer to a request that is not JSON or breaks its contract: it names nothing. */
  refusal: Reply;
  /** Checks the reply on the way out too: a reply that breaks the contract is a bug here, not the asker's. */
  reply?: { parse(value: unknown): Reply };
}

/**
 * Answers one kind of request/reply over core NATS: the request checked against its contract, the answer
 * computed by `answer`. An answer that fails is not sent, so the asker's timeout tells it this service cannot
 * answer now. Subscribes when the app has booted, drains on shutdown.
 */
export abstract class RequestResponder<Request, Reply>
  implements OnApplicationBootstrap, BeforeApplicationShutdown
{
  private readonly logger = new Logger(this.constructor.name);
  private subscription: NatsSubscription | undefined;

  protected constructor(
    private readonly bus: EventBus,
    private readonly options: RequestResponderOptions<Request, Reply>,
  ) {}

  /** The reply to a request that kept its contract. */
  protected abstract answer(request: Request): Promise<Reply>;

  onApplicationBootstrap(): void {
    this.subscription = this.bus.nc.subscribe(this.options.subject, {
      queue: this.options.queue,
      callback: (error, message) => {
        if (error) this.logger.warn(`${this.options.subject} interrupted: ${describeError(error)}`);
        else void this.respond(message);
      },
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    // The bus may have closed its connection first (shutdown hooks run in no set order): nothing left to drain.
    if (this.bus.nc.isClosed()) return;
    await this.subscription?.drain().catch(() => undefined);
  }

  private async respond(message: NatsMessage): Promise<void> {
    try {
      const reply = await this.replyTo(message);
      message.respond(JSON.stringify(this.options.reply ? this.options.reply.parse(reply) : reply));
    } catch (error) {
      this.logger.warn(`${this.options.subject} not answered: ${describeError(error)}`);
    }
  }

  private async replyTo(message: NatsMessage): Promise<Reply> {
    let body: unknown;
    try {
      body = message.json();
    } catch {
      return this.options.refusal;
    }
    const request = this.options.request.safeParse(body);
    return request.success ? this.answer(request.data) : this.options.refusal;
  }
}
