import { describe, expect, it, jest } from '@jest/globals';
import { GraphQLError, type ExecutionResult } from 'graphql';
import { NextMessages } from './next-messages.js';

describe('next messages', () => {
  it('serialises a shared result once and writes it inside each subscription’s own envelope', () => {
    const result: ExecutionResult = { data: { photoAdded: { id: 'p1', note: '$& "quoted" \u2028 é' } } };
    const stringify = jest.spyOn(JSON, 'stringify');
    const first = new NextMessages('a-1');
    const second = new NextMessages('b-“2”');
    stringify.mockClear();

    const one = first.of(result);
    const two = second.of(result);
    expect(stringify).toHaveBeenCalledTimes(1);
    stringify.mockRestore();

    expect(JSON.parse(one.toString())).toEqual({ id: 'a-1', type: 'next', payload: result });
    expect(JSON.parse(two.toString())).toEqual({ id: 'b-“2”', type: 'next', payload: result });
  });

  it('writes errors as graphql-ws does', () => {
    const result: ExecutionResult = {
      data: null,
      errors: [new GraphQLError('boom', { extensions: { code: 'X' } })],
    };
    expect(JSON.parse(new NextMessages('c').of(result).toString()).payload).toEqual({
      data: null,
      errors: [{ message: 'boom', extensions: { code: 'X' } }],
    });
  });
});
