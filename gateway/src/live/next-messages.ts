import type { ExecutionResult } from 'graphql';

/**
 * One result's JSON as bytes, made once however many sockets it goes to: the fan-out executes once per distinct
 * operation per event and hands every such subscriber the same result object. GraphQLError has toJSON, so
 * errors come out as graphql-ws writes them; an absent `errors` is omitted.
 */
const payloads = new WeakMap<ExecutionResult, Buffer>();
/**
 * The result being written out and its bytes: a fan-out writes one result to every socket in turn, so each
 * finds them here rather than in the WeakMap (an ephemeron lookup per socket and event).
 */
let latestResult: ExecutionResult | undefined;
let latestPayload: Buffer | undefined;

function payloadOf(result: ExecutionResult): Buffer {
  if (result === latestResult) return latestPayload!;
  let payload = payloads.get(result);
  if (!payload) {
    payload = Buffer.from(JSON.stringify(result));
    payloads.set(result, payload);
  }
  latestResult = result;
  latestPayload = payload;
  return payload;
}

const CLOSING_BRACE = 0x7d;
/** A frame's first byte: the final fragment (FIN) of a text message (opcode 1). */
const FIN_TEXT = 0x81;

/**
 * The graphql-transport-ws `next` messages of one subscription: its own envelope (its id) around the shared
 * payload bytes, copied into one buffer per socket; no JSON.stringify, string splice or UTF-8 encoding per socket.
 */
export class NextMessages {
  /** The envelope's opening, as bytes: copied into each message, not encoded from text each time. */
  private readonly prefix: Buffer;

  constructor(id: string) {
    this.prefix = Buffer.from(`{"id":${JSON.stringify(id)},"type":"next","payload":`);
  }

  /** The message carrying `result`, as the bytes of one text message. */
  of(result: ExecutionResult): Buffer {
    return this.written(payloadOf(result), 0);
  }

  /**
   * The same message as a whole WebSocket frame from a server (RFC 6455 5.2: FIN and the text opcode, the
   * payload's length, no mask), ready to be written to the socket in one piece; written into `reusable` when that
   * buffer has the frame's length.
   */
  frameOf(result: ExecutionResult, reusable?: Buffer): Buffer {
    const payload = payloadOf(result);
    const length = this.prefix.length + payload.length + 1;
    const header = length < 126 ? 2 : length <= 0xffff ? 4 : 10;
    const frame = this.written(payload, header, reusable);
    frame[0] = FIN_TEXT;
    if (header === 2) frame[1] = length;
    else if (header === 4) {
      frame[1] = 126;
      frame.writeUInt16BE(length, 2);
    } else {
      frame[1] = 127;
      frame.writeBigUInt64BE(BigInt(length), 2);
    }
    return frame;
  }

  /** The message around `payload`, after `offset` bytes left for a frame header, in `reusable` if it fits exactly. */
  private written(payload: Buffer, offset: number, reusable?: Buffer): Buffer {
    const length = offset + this.prefix.length + payload.length + 1;
    const message = reusable?.length === length ? reusable : Buffer.allocUnsafe(length);
    // TypedArray's set: a plain memory copy, where Buffer's copy and write go through Node's bindings.
    message.set(this.prefix, offset);
    message.set(payload, offset + this.prefix.length);
    message[message.length - 1] = CLOSING_BRACE;
    return message;
  }
}
