import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import WebSocket from 'ws';
import { API_LIMITS } from '@gallery/contracts';
import { LiveFanout } from './live-fanout.js';
import {
  serveLiveSubscriptions,
  writingTo,
  type LentFrame,
  type LiveSubscriptions,
} from './live-subscriptions-server.js';
import { livePhoto } from '../../test/live-photo.js';
import { AppError } from '@gallery/platform/edge';
import type { AdmitLive, LiveCredentials } from './live-admission.js';

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const PHOTO_ADDED = `subscription { photoAdded(eventCode: "KXMP7TQR") { id } }`;
const PHOTO = livePhoto('KXMP7TQR', 'p0');

let running: { server: Server; subscriptions: LiveSubscriptions; fanout: LiveFanout } | undefined;
const clients: WebSocket[] = [];

async function start(
  options: { keepAliveMs?: number; connectionInitWaitMs?: number; admit?: AdmitLive } = {},
) {
  const server = createServer();
  const fanout = new LiveFanout();
  const subscriptions = serveLiveSubscriptions(server, fanout, {
    clientAddressOf: () => '127.0.0.1',
    admit: async () => ({ audience: 'guests', pinVersion: 0 }),
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running = { server, subscriptions, fanout };
  return { server, fanout, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql` };
}

function connect(url: string, options: WebSocket.ClientOptions = {}): Promise<WebSocket> {
  const socket = new WebSocket(url, 'graphql-transport-ws', options);
  clients.push(socket);
  return new Promise((resolve, reject) => socket.once('open', () => resolve(socket)).once('error', reject));
}

const closeCode = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', resolve));

async function waitFor(what: string, condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 2000; turn++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`gave up waiting for ${what}`);
}

afterEach(async () => {
  for (const socket of clients.splice(0)) socket.terminate();
  if (running) {
    await running.subscriptions.dispose();
    await new Promise((resolve) => running!.server.close(resolve));
    running = undefined;
  }
});

describe('live subscriptions server', () => {
  it('closes a socket that does not send connection_init in time, as graphql-ws does', async () => {
    const { url } = await start({ connectionInitWaitMs: 50 });
    const silent = await connect(url);

    expect(await closeCode(silent)).toBe(4408);
  });

  it('keeps pinging a socket that answers, and cuts one that stopped answering', async () => {
    const { url } = await start({ keepAliveMs: 20 });
    const answering = await connect(url);
    const mute = await connect(url, { autoPong: false });
    let pings = 0;
    answering.on('ping', () => pings++);
    const muteClosed = closeCode(mute);

    // Cut after one unanswered ping (1006: terminated, no closing handshake).
    expect(await muteClosed).toBe(1006);
    await waitFor('three more pings', () => pings >= 3);
    expect(answering.readyState).toBe(WebSocket.OPEN);
  });

  it('speaks graphql-transport-ws as graphql-ws does: pong, query, subscription, complete', async () => {
    const { fanout, url } = await start();
    const socket = await connect(url);
    const messages: Record<string, unknown>[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
    const received = (count: number) => waitFor(`${count} messages`, () => messages.length >= count);

    socket.send(JSON.stringify({ type: 'connection_init' }));
    socket.send(JSON.stringify({ type: 'ping', payload: { at: 1 } }));
    await received(2);
    socket.send(JSON.stringify({ id: 'q', type: 'subscribe', payload: { query: '{ live }' } }));
    socket.send(JSON.stringify({ id: 's', type: 'subscribe', payload: { query: PHOTO_ADDED } }));
    await received(4);
    await waitFor('the subscription', () => fanout.listenerCount() === 1);
    fanout.publish({ ...PHOTO, id: 'p1' });
    await received(5);
    socket.send(JSON.stringify({ id: 's', type: 'complete' }));
    await waitFor('the subscription to end', () => fanout.listenerCount() === 0);

    expect(messages).toEqual([
      { type: 'connection_ack' },
      { type: 'pong', payload: { at: 1 } },
      { id: 'q', type: 'next', payload: { data: { live: true } } },
      { id: 'q', type: 'complete' },
      { id: 's', type: 'next', payload: { data: { photoAdded: { id: 'p1' } } } },
    ]);
  });

  it("asks once per socket and gallery with the socket's credentials, and sends the couple's photos to the couple only", async () => {
    const asked: [string, LiveCredentials | undefined][] = [];
    const { fanout, url } = await start({
      admit: async (code, credentials) => {
        asked.push([code, credentials]);
        if (credentials?.authorization === 'Bearer couple') return { audience: 'couple' };
        if (credentials?.pass === 'the-pass') return { audience: 'guests', pinVersion: 1 };
        throw new AppError('PIN_REQUIRED');
      },
    });
    const open = async (params: Record<string, unknown>) => {
      const socket = await connect(url);
      const messages: Record<string, unknown>[] = [];
      socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
      socket.send(JSON.stringify({ type: 'connection_init', payload: params }));
      for (const id of ['a', 'b'])
        socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query: PHOTO_ADDED } }));
      return messages;
    };
    const stranger = await open({ 'x-gallery-pass': 'x'.repeat(47), other: 'ignored' });
    const guest = await open({ 'x-gallery-pass': 'the-pass' });
    const couple = await open({ authorization: 'Bearer couple' });
    await waitFor(
      'the refusals',
      () => stranger.filter((message) => message.type === 'complete').length === 2,
    );
    await waitFor('the subscriptions', () => fanout.listenerCount() === 4);
    fanout.publish({ ...PHOTO, id: 'private' }, 'couple');
    fanout.publish({ ...PHOTO, id: 'shared' });
    await waitFor('the photos', () => couple.length === 5 && guest.length === 3);

    const photos = (messages: Record<string, unknown>[]) =>
      messages.flatMap((message) =>
        message.type === 'next' && message.id === 'a'
          ? [(message.payload as { data: { photoAdded: { id: string } } }).data.photoAdded.id]
          : [],
      );
    expect(photos(couple)).toEqual(['private', 'shared']);
    expect(photos(guest)).toEqual(['shared']);
    expect(stranger[1]).toMatchObject({
      type: 'next',
      payload: { errors: [{ extensions: { code: 'PIN_REQUIRED' } }] },
    });
    // A too long pass is no pass; each socket asks once for its two subscriptions of one gallery.
    expect(asked).toEqual([
      ['KXMP7TQR', undefined],
      ['KXMP7TQR', { pass: 'the-pass' }],
      ['KXMP7TQR', { authorization: 'Bearer couple' }],
    ]);
  });

  it('closes the guest sockets admitted under an older PIN version when a PIN is set, and no other', async () => {
    const { fanout, url } = await start({
      admit: async (_code, credentials) => {
        if (credentials?.authorization === 'Bearer couple') return { audience: 'couple' };
        if (credentials?.pass === 'new-pass') return { audience: 'guests', pinVersion: 4 };
        return { audience: 'guests', pinVersion: 3 };
      },
    });
    const open = async (params: Record<string, unknown>, query = PHOTO_ADDED) => {
      const socket = await connect(url);
      socket.send(JSON.stringify({ type: 'connection_init', payload: params }));
      socket.send(JSON.stringify({ id: 'a', type: 'subscribe', payload: { query } }));
      return socket;
    };
    const beforePin = await open({});
    const withNewPass = await open({ 'x-gallery-pass': 'new-pass' });
    const couple = await open({ authorization: 'Bearer couple' });
    const otherGallery = await open({}, `subscription { photoAdded(eventCode: "QWRT3467") { id } }`);
    await waitFor('the subscriptions', () => fanout.listenerCount() === 4);

    const closed = closeCode(beforePin);
    running!.subscriptions.dropGuestsBefore('KXMP7TQR', 4);
    await expect(closed).resolves.toBe(1012);
    await nextTurn();
    expect([withNewPass, couple, otherGallery].map((socket) => socket.readyState)).toEqual([
      WebSocket.OPEN,
      WebSocket.OPEN,
      WebSocket.OPEN,
    ]);
  });

  it('closes a socket that asks about more galleries than it may follow, rather than forget an admission', async () => {
    const asked: string[] = [];
    const { url } = await start({
      admit: async (code) => {
        asked.push(code);
        return { audience: 'guests', pinVersion: 0 };
      },
    });
    const socket = await connect(url);
    const messages: Record<string, unknown>[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
    socket.send(JSON.stringify({ type: 'connection_init' }));
    const codes = [...'ACDEFGHJKMN'].map((letter) => `KXMP7TQ${letter}`);
    const closed = closeCode(socket);
    for (const [index, code] of codes.entries()) {
      const query = `subscription { photoAdded(eventCode: "${code}") { id } }`;
      socket.send(JSON.stringify({ id: String(index), type: 'subscribe', payload: { query } }));
      socket.send(JSON.stringify({ id: String(index), type: 'complete' }));
    }
    await expect(closed).resolves.toBe(1012);
    expect(asked).toEqual(codes.slice(0, API_LIMITS.subscriptionsPerSocket));
  });

  it('closes the socket with 1013, before any error, when events cannot say who may follow; keeps it for a refusal', async () => {
    const answers: Promise<never>[] = [
      Promise.reject(new AppError('SERVICE_UNAVAILABLE')),
      Promise.reject(new AppError('PIN_REQUIRED')),
    ];
    answers.forEach((answer) => answer.catch(() => undefined));
    const { url } = await start({ admit: () => answers.shift()! });
    const opened = async () => {
      const socket = await connect(url);
      const messages: Record<string, unknown>[] = [];
      socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
      socket.send(JSON.stringify({ type: 'connection_init' }));
      socket.send(JSON.stringify({ id: 'a', type: 'subscribe', payload: { query: PHOTO_ADDED } }));
      return { socket, messages };
    };

    // The client reconnects after a 1013 and subscribes again; an error first would have ended the subscription.
    const unanswered = await opened();
    await expect(closeCode(unanswered.socket)).resolves.toBe(1013);
    expect(unanswered.messages.map((message) => message.type)).toEqual(['connection_ack']);

    const refused = await opened();
    await waitFor('the refusal', () => refused.messages.some((message) => message.id === 'a'));
    expect(JSON.stringify(refused.messages)).toContain('PIN_REQUIRED');
    expect(refused.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('refuses a document it cannot run with an error message, and keeps the socket', async () => {
    const { url } = await start();
    const socket = await connect(url);
    const messages: Record<string, unknown>[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
    socket.send(JSON.stringify({ type: 'connection_init' }));
    socket.send(JSON.stringify({ id: 'x', type: 'subscribe', payload: { query: '{ nothing }' } }));

    await waitFor('the refusal', () => messages.length === 2);
    expect(messages[1]).toEqual({
      id: 'x',
      type: 'error',
      payload: [expect.objectContaining({ message: 'Cannot query field "nothing" on type "Query".' })],
    });
    expect(socket.readyState).toBe(WebSocket.OPEN);
  });

  it.each([
    [
      'a subscribe before connection_init',
      [{ id: '1', type: 'subscribe', payload: { query: PHOTO_ADDED } }],
      4401,
    ],
    ['a second connection_init', [{ type: 'connection_init' }, { type: 'connection_init' }], 4429],
    [
      'a subscription id already in use',
      [
        { type: 'connection_init' },
        { id: '1', type: 'subscribe', payload: { query: PHOTO_ADDED } },
        { id: '1', type: 'subscribe', payload: { query: PHOTO_ADDED } },
      ],
      4409,
    ],
    ['a message that is not one of the protocol', [{ type: 'connection_init' }, { type: 'hello' }], 4400],
  ])('closes the socket on %s with graphql-ws’s code', async (_case, messages, code) => {
    const { url } = await start();
    const socket = await connect(url);
    const closed = closeCode(socket);

    for (const message of messages) socket.send(JSON.stringify(message));

    expect(await closed).toBe(code);
  });

  it('closes a socket that did not ask for graphql-transport-ws', async () => {
    const { url } = await start();
    const socket = new WebSocket(url);
    clients.push(socket);

    expect(await closeCode(socket)).toBe(4406);
  });

  it('lets the upgrade request go once the socket is open and subscribed', async () => {
    const { server, fanout, url } = await start();
    const requests: WeakRef<IncomingMessage>[] = [];
    server.prependListener('upgrade', (request: IncomingMessage) => requests.push(new WeakRef(request)));
    const socket = await connect(url);
    const acknowledged = new Promise((resolve) => socket.once('message', resolve));
    socket.send(JSON.stringify({ type: 'connection_init' }));
    await acknowledged;
    socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: PHOTO_ADDED } }));
    await waitFor('the subscription', () => fanout.listenerCount() === 1);

    // A WeakRef's target lives on until the end of the turn that made or read it: collected in a turn of its own.
    for (let turn = 0; turn < 20; turn++) {
      await nextTurn();
      collectGarbage();
      await nextTurn();
      if (!requests[0].deref()) break;
    }

    expect(requests[0].deref()).toBeUndefined();
    expect(socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe('writing results to connections', () => {
  const openSocket = () =>
    ({ readyState: WebSocket.OPEN, OPEN: WebSocket.OPEN, close: jest.fn() }) as unknown as WebSocket;
  /** A WebSocket frame's text (a server's frame: no mask, a payload under 126 bytes here). */
  const text = (frame: Buffer) => frame.subarray(2).toString();

  it('lends one frame buffer to connections that take it at once, never one a connection still holds', async () => {
    // What each connection sent, read as the kernel would: at once by the quick ones, at completion by the slow one.
    const sent: Record<string, string[]> = { quick: [], slow: [], other: [] };
    const buffers = new Set<Buffer>();
    const quick = (name: string) =>
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          sent[name].push(text(chunk));
          buffers.add(chunk);
          done();
        },
      });
    const slow = new Writable({
      write(chunk: Buffer, _encoding, done) {
        setImmediate(() => {
          sent.slow.push(text(chunk));
          done();
        });
      },
    });
    const frames: LentFrame = {};
    const contexts = [
      writingTo(openSocket(), quick('quick'), 'a', frames),
      writingTo(openSocket(), slow, 'b', frames),
      writingTo(openSocket(), quick('other'), 'c', frames),
    ];
    const results = ['p1', 'p2', 'p3'].map((id) => ({ data: { photoAdded: { id } } }));

    for (const result of results) for (const context of contexts) context.deliver!(result);
    await waitFor('the slow connection', () => sent.slow.length === 3);

    const expected = (id: string) =>
      results.map((result) => JSON.stringify({ id, type: 'next', payload: result }));
    expect(sent).toEqual({ quick: expected('a'), slow: expected('b'), other: expected('c') });
    // The quick connections' six frames were written from fewer buffers than that.
    expect(buffers.size).toBeLessThan(6);
  });

  /** A connection the kernel takes every write from at once. */
  const taking = () =>
    new Writable({
      write(_chunk, _encoding, done) {
        done();
      },
    });
  const photo = (n: number) => ({ data: { photoAdded: { id: `p${n}` } } });

  it('asks no callback of a connection per message: a stream calls each one in a task of its own', () => {
    const frames: LentFrame = {};
    const connections = Array.from({ length: 100 }, () => taking());
    const writes = connections.map((connection) => jest.spyOn(connection, 'write'));
    const contexts = connections.map((connection) => writingTo(openSocket(), connection, '1', frames));

    const result = photo(1);
    for (const context of contexts) context.deliver!(result);

    for (const write of writes) {
      expect(write).toHaveBeenCalledTimes(1);
      expect(write.mock.calls[0].some((argument) => typeof argument === 'function')).toBe(false);
    }
  });

  it('counts what a connection has not written yet: closes one that stopped writing, not one that keeps up', async () => {
    const limit = API_LIMITS.eventsQueuedPerSubscription;
    const stuck = openSocket();
    const keepingUp = openSocket();
    const frames: LentFrame = {};
    const toStuck = writingTo(
      stuck,
      new Writable({ highWaterMark: 1 << 30, write: () => undefined }), // never done
      '1',
      frames,
    );
    const toKeepingUp = writingTo(keepingUp, taking(), '1', frames);

    // Twice the limit, a few per turn of the event loop.
    for (let n = 0; n < 2 * limit; n++) {
      toStuck.deliver!(photo(n));
      toKeepingUp.deliver!(photo(n));
      if (n % 3 === 2) await nextTurn();
    }

    expect(stuck.close).toHaveBeenCalledWith(1013, 'fell behind: read again');
    expect(keepingUp.close).not.toHaveBeenCalled();
  });

  it('counts messages handed over in one turn as not written yet, however quick the connection', () => {
    const socket = openSocket();
    const context = writingTo(socket, taking(), '1', {});
    for (let n = 0; n <= API_LIMITS.eventsQueuedPerSubscription; n++) context.deliver!(photo(n));
    expect(socket.close).toHaveBeenCalledWith(1013, 'fell behind: read again');
  });
});
