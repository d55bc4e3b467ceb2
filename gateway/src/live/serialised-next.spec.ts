import { describe, expect, it, jest } from '@jest/globals';
import { GraphQLError, type ExecutionResult } from 'graphql';
import { stringifyMessage, MessageType } from 'graphql-ws';
import { serialisedPayload, serialisedPayloadReplacer, spliceSerialisedPayload } from './serialised-next.js';

/** What graphql-ws does for a `next`: stringify the envelope with the replacer, then hand it to send. */
const nextMessage = (id: string, payload: unknown) =>
  spliceSerialisedPayload(
    stringifyMessage(
      { id, type: MessageType.Next, payload: payload as ExecutionResult },
      serialisedPayloadReplacer,
    ),
  );

describe('serialised next payloads', () => {
  it('serialises a shared result once and writes it inside each subscription’s own envelope', () => {
    const result: ExecutionResult = { data: { photoAdded: { id: 'p1', note: '$& "quoted" \u2028' } } };
    const stringify = jest.spyOn(JSON, 'stringify');
    const shared = serialisedPayload(result);
    expect(serialisedPayload(result)).toBe(shared);
    expect(stringify).toHaveBeenCalledTimes(1);
    stringify.mockRestore();

    const first = nextMessage('a-1', shared);
    const second = nextMessage('b-2', shared);

    expect(JSON.parse(first)).toEqual({ id: 'a-1', type: 'next', payload: result });
    expect(JSON.parse(second)).toEqual({ id: 'b-2', type: 'next', payload: result });
  });

  it('writes errors as graphql-ws does and leaves other messages alone', () => {
    const result: ExecutionResult = {
      data: null,
      errors: [new GraphQLError('boom', { extensions: { code: 'X' } })],
    };
    expect(JSON.parse(nextMessage('c', serialisedPayload(result))).payload).toEqual({
      data: null,
      errors: [{ message: 'boom', extensions: { code: 'X' } }],
    });
    const plain = stringifyMessage({ id: 'd', type: MessageType.Complete }, serialisedPayloadReplacer);
    expect(spliceSerialisedPayload(plain)).toBe(plain);
  });
});
