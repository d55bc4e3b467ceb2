import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, jest } from '@jest/globals';
import { WebSocket, WebSocketServer } from 'ws';
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

  it('writes each result’s own bytes when results take turns', () => {
    const first: ExecutionResult = { data: { photoAdded: { id: 'p1' } } };
    const second: ExecutionResult = { data: { photoAdded: { id: 'p2', width: 400 } } };
    const messages = new NextMessages('a');

    const written = [first, second, first, second].map((result) =>
      JSON.parse(messages.of(result).toString()),
    );

    expect(written.map((message) => message.payload)).toEqual([first, second, first, second]);
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

  it('makes whole frames a WebSocket client reads, at each of the three sizes of length', async () => {
    const results: ExecutionResult[] = [10, 1_000, 70_000].map((size) => ({
      data: { note: 'x'.repeat(size) },
    }));
    const frames = new NextMessages('s-1');
    const server = createServer();
    const sockets = new WebSocketServer({ noServer: true });
    server.on('upgrade', (request, stream, head) =>
      sockets.handleUpgrade(request, stream, head, () => {
        for (const result of results) stream.write(frames.frameOf(result));
      }),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const received: unknown[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        client.on('error', reject);
        client.on('message', (data, isBinary) => {
          expect(isBinary).toBe(false);
          received.push(JSON.parse(data.toString()));
          if (received.length === results.length) resolve();
        });
      });
    } finally {
      client.terminate();
      sockets.close();
      server.close();
    }
    expect(received).toEqual(results.map((payload) => ({ id: 's-1', type: 'next', payload })));
  });
});
