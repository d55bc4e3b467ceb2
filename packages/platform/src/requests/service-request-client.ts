import type { Msg, MsgHdrs, NatsConnection } from '@nats-io/transport-node';
// Nest's NATS client alone, not the package's root: that loads @nestjs/core, which the gateway never needs.
import { ClientNats } from '@nestjs/microservices/client/client-nats.js';
import type { IncomingResponse, OutgoingRequest } from '@nestjs/microservices/interfaces/packet.interface.js';
import { NatsRecord } from '@nestjs/microservices/record-builders/nats.record-builder.js';

/** What travels on the wire: the request's JSON as its contract says, and its headers (the trace context). */
interface WireRequest {
  data: string;
  headers?: MsgHdrs;
}

/**
 * A request goes out as the contract's JSON alone, without Nest's envelope (pattern, id): the wire format the
 * services spoke before they used Nest's transport, which any NATS client can ask or answer. Each request has an
 * inbox of its own, so no id is needed to match its reply.
 */
const plainJsonRequest = {
  serialize(packet: OutgoingRequest): WireRequest {
    const record = packet.data instanceof NatsRecord ? packet.data : new NatsRecord(packet.data);
    return { data: JSON.stringify(record.data), headers: record.headers as MsgHdrs | undefined };
  },
};

/** A reply is the contract's JSON alone; a body that is not JSON fails the request rather than the process. */
const plainJsonReply = {
  deserialize(message: Msg): IncomingResponse {
    try {
      return { id: '', response: message.json(), isDisposed: true };
    } catch {
      return { id: '', err: new Error('the reply is not JSON'), isDisposed: true };
    }
  },
};

/**
 * Nest's NATS client (`ClientProxy.send`) over a connection the process already holds: the event bus's in a
 * service, the gateway's one connection in the gateway. It never opens nor closes a connection of its own, so a
 * process keeps one connection to NATS and follows one status. `connection` answers the connection while it is
 * open, or nothing (the gateway's before NATS first answers).
 */
export class ServiceRequestClient extends ClientNats {
  constructor(private readonly connection: () => NatsConnection | undefined) {
    super({ serializer: plainJsonRequest, deserializer: plainJsonReply });
  }

  override async connect(): Promise<NatsConnection> {
    const connection = this.connection();
    if (!connection || connection.isClosed()) throw new Error('not connected to NATS');
    this.natsClient = connection;
    return connection;
  }

  /** Ends the requests under way; the connection is its owner's to close. */
  override async close(): Promise<void> {
    this.handleClose();
  }
}
