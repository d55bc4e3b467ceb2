import type { ExecutionResult } from 'graphql';

/**
 * One result's JSON as bytes, made once however many sockets it goes to: the fan-out executes once per distinct
 * operation per event and hands every such subscriber the same result object. GraphQLError has toJSON, so
 * errors come out as graphql-ws writes them; an absent `errors` is omitted.
 */
const payloads = new WeakMap<ExecutionResult, Buffer>();

function payloadOf(result: ExecutionResult): Buffer {
  let payload = payloads.get(result);
  if (!payload) {
    payload = Buffer.from(JSON.stringify(result));
    payloads.set(result, payload);
  }
  return payload;
}

const CLOSING_BRACE = 0x7d;

/**
 * The graphql-transport-ws `next` messages of one subscription: its own envelope (its id) around the shared
 * payload bytes, copied into one buffer per socket; no JSON.stringify, string splice or UTF-8 encoding per socket.
 */
export class NextMessages {
  private readonly prefix: string;
  private readonly prefixBytes: number;

  constructor(id: string) {
    this.prefix = `{"id":${JSON.stringify(id)},"type":"next","payload":`;
    this.prefixBytes = Buffer.byteLength(this.prefix);
  }

  /** The message carrying `result`, as the bytes of one text frame. */
  of(result: ExecutionResult): Buffer {
    const payload = payloadOf(result);
    const message = Buffer.allocUnsafe(this.prefixBytes + payload.length + 1);
    message.write(this.prefix, 0, 'utf8');
    payload.copy(message, this.prefixBytes);
    message[message.length - 1] = CLOSING_BRACE;
    return message;
  }
}
