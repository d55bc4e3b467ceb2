import type { ExecutionResult } from 'graphql';

/**
 * A `next` message's payload serialised once and shared by every socket whose subscription shares the
 * result (the fan-out executes once per distinct operation per event and hands every such subscriber the
 * same result object). graphql-ws builds each socket's `next` envelope itself, with that subscription's own id;
 * here the payload inside the envelope is the shared JSON, so a photo costs one JSON.stringify per distinct
 * subscription and, per socket, only the bytes of its message.
 */
export class SerialisedPayload {
  constructor(readonly json: string) {}
}

/** What graphql-ws writes in place of a shared payload, replaced by the payload's JSON on the way out. */
const MARK = '@@gallery-serialised-payload@@';
const QUOTED_MARK = JSON.stringify(MARK);

const serialised = new WeakMap<ExecutionResult, SerialisedPayload>();

/** The shared, serialised form of a result (made on first use). For graphql-ws's `onNext`. */
export function serialisedPayload(result: ExecutionResult): SerialisedPayload {
  let payload = serialised.get(result);
  if (!payload) {
    // GraphQLError has toJSON, so errors come out as graphql-ws writes them; an absent `errors` is omitted.
    payload = new SerialisedPayload(JSON.stringify(result));
    serialised.set(result, payload);
  }
  return payload;
}

/**
 * graphql-ws stringifies each message and hands the string to the socket's `send` in the same synchronous
 * step: the replacer below notes the shared payload it met, `spliceSerialisedPayload` puts its JSON in.
 */
let pending: SerialisedPayload | undefined;

/** graphql-ws's `jsonMessageReplacer`: a shared payload is written as a mark and remembered. */
export function serialisedPayloadReplacer(this: unknown, _key: string, value: unknown): unknown {
  if (value instanceof SerialisedPayload) {
    pending = value;
    return MARK;
  }
  return value;
}

/** The message as it goes to the socket: the mark of the payload just met replaced by its JSON. */
export function spliceSerialisedPayload(message: string): string {
  const payload = pending;
  if (!payload) return message;
  pending = undefined;
  const at = message.lastIndexOf(QUOTED_MARK);
  if (at < 0) return message;
  return message.slice(0, at) + payload.json + message.slice(at + QUOTED_MARK.length);
}
