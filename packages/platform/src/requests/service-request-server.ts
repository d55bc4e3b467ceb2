import type { Msg, NatsConnection, Subscription, SubscriptionOptions } from '@nats-io/transport-node';
import { ServerNats } from '@nestjs/microservices';
import type { IncomingRequest, OutgoingResponse } from '@nestjs/microservices';

/**
 * A request arrives as the contract's JSON alone (service-request-client.ts); its reply subject stands for Nest's
 * packet id, so Nest treats it as a request to answer. A body that is not JSON reaches the handler as nothing,
 * which no contract accepts: the handler answers its refusal.
 */
const plainJsonRequest = {
  deserialize(message: Msg, options?: { channel?: string; replyTo?: string }): IncomingRequest {
    let data: unknown;
    try {
      data = message.json();
    } catch {
      data = undefined;
    }
    return { pattern: options?.channel, data, id: options?.replyTo as string };
  },
};

/**
 * What the server sees of the event bus's connection: it subscribes on it, and closing drains those
 * subscriptions (the requests being answered finish) but never the connection, which is the bus's.
 */
class SharedConnection {
  private readonly subscriptions: Subscription[] = [];

  constructor(private readonly connection: NatsConnection) {}

  subscribe(subject: string, options: SubscriptionOptions): Subscription {
    const subscription = this.connection.subscribe(subject, options);
    this.subscriptions.push(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    const subscriptions = this.subscriptions.splice(0);
    // The bus may have drained the whole connection first (shutdown hooks run in no set order).
    if (this.connection.isClosed()) return;
    await Promise.all(subscriptions.map((subscription) => subscription.drain().catch(() => undefined)));
  }
}

/**
 * Nest's NATS server for a service's @AnswersRequest handlers (createServiceApp connects it as the app's
 * microservice), on the event bus's connection rather than one of its own. Every handler subscribes in `queue`,
 * the queue group the service's replicas share, so each request is answered by one replica. A reply is the
 * contract's JSON alone; a handler that fails sends nothing (its warning is logged by AnswersRequest), so the
 * asker hears SERVICE_UNAVAILABLE when its time is up, as it would from a service that is down.
 */
export class ServiceRequestServer extends ServerNats {
  constructor(
    private readonly connection: NatsConnection,
    queue: string,
  ) {
    super({ queue, deserializer: plainJsonRequest });
  }

  override async createNatsClient(): Promise<SharedConnection> {
    return new SharedConnection(this.connection);
  }

  /** The event bus follows the connection's status (and the health check reports it). */
  override async handleStatusUpdates(): Promise<void> {}

  override getPublisher(message: Msg): (packet: OutgoingResponse) => void {
    return (packet) => {
      if (packet.response === undefined || !message.reply) return;
      message.respond(JSON.stringify(packet.response));
    };
  }
}
