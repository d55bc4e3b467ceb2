import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ServiceRequestClient } from '@gallery/platform/edge';

/**
 * The gateway's one NATS connection. The live feed, zip progress, custom domains and live admission subscribe and
 * ask over it (askService, with Nest's NATS client on this connection): a broker outage and its recovery are one
 * event for all of them (each follows the connection's status), and the broker counts one client per gateway
 * replica, not four.
 */
export class GatewayNats {
  private connecting: Promise<NatsConnection> | undefined;
  private open: NatsConnection | undefined;
  private closed = false;
  /** What askService sends with: until the connection is open, a request fails at once. */
  readonly requests = new ServiceRequestClient(() => this.current());

  constructor(private readonly natsUrl: string) {}

  /** The connection, opened on the first call; waits for NATS to come up, however long it takes. */
  connection(): Promise<NatsConnection> {
    this.connecting ??= connect({
      servers: this.natsUrl,
      name: 'gateway',
      maxReconnectAttempts: -1,
      waitOnFirstConnect: true,
    }).then(async (connection) => {
      if (this.closed) {
        await connection.close();
        throw new Error('the gateway stopped before NATS answered');
      }
      this.open = connection;
      return connection;
    });
    return this.connecting;
  }

  /** The connection once it is open and until it closes, for what must not wait for it. */
  current(): NatsConnection | undefined {
    return this.open && !this.open.isClosed() ? this.open : undefined;
  }

  /** Delivers what has arrived to the subscriptions, then closes. */
  async close(): Promise<void> {
    this.closed = true;
    const connection = this.current();
    if (connection) await connection.drain();
  }
}
