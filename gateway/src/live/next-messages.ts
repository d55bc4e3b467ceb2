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
/** A frame's first byte: the final fragment (FIN) of a text message (opcode 1). */
const FIN_TEXT = 0x81;

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

  /** The message carrying `result`, as the bytes of one text message. */
  of(result: ExecutionResult): Buffer {
    return this.written(payloadOf(result), 0);
  }

  /**
   * The same message as a whole WebSocket frame from a server (RFC 6455 5.2: FIN and the text opcode, the
   * payload's length, no mask), ready to be written to the socket in one piece.
   */
  frameOf(result: ExecutionResult): Buffer {
    const payload = payloadOf(result);
    const length = this.prefixBytes + payload.length + 1;
    const header = length < 126 ? 2 : length <= 0xffff ? 4 : 10;
    const frame = this.written(payload, header);
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

  /** The message around `payload`, after `offset` bytes left for a frame header. */
  private written(payload: Buffer, offset: number): Buffer {
    const message = Buffer.allocUnsafe(offset + this.prefixBytes + payload.length + 1);
    message.write(this.prefix, offset, 'utf8');
    payload.copy(message, offset + this.prefixBytes);
    message[message.length - 1] = CLOSING_BRACE;
    return message;
  }
}
