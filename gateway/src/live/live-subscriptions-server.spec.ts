import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { LiveFanout } from './live-fanout.js';
import { serveLiveSubscriptions, type LiveSubscriptions } from './live-subscriptions-server.js';

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const PHOTO_ADDED = `subscription { photoAdded(eventCode: "KXMP7TQR") { id } }`;

let running: { server: Server; subscriptions: LiveSubscriptions; fanout: LiveFanout } | undefined;
const clients: WebSocket[] = [];

async function start(options: { keepAliveMs?: number; connectionInitWaitMs?: number } = {}) {
  const server = createServer();
  const fanout = new LiveFanout();
  const subscriptions = serveLiveSubscriptions(server, fanout, {
    clientAddressOf: () => '127.0.0.1',
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
