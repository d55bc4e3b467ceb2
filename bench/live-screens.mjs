// The open gallery screens of bench/live-latency.mjs, in a process of their own: plain `ws` sockets speaking
// graphql-transport-ws, each subscribed to photoAdded of its gallery, doing as little as a screen can. A message
// is not parsed: the photo id is read from its bytes, and its arrival time kept for the parent, which knows when
// each photo was confirmed (performance.timeOrigin + performance.now() is the shared wall clock, in ms).
//
// Driven over IPC by the parent: { type: 'open', screens: [{ n, url, eventCode }] } -> { type: 'opened' },
// { type: 'report' } -> { type: 'report', arrivals, messageBytes, sample, closed, errors } (sample: the last
// message's bytes, base64), { type: 'close' } -> exit.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

const PHOTO_ADDED = `subscription PhotoAdded($eventCode: String!) {
  photoAdded(eventCode: $eventCode) { id eventCode thumbnailUrl previewUrl originalUrl width height createdAt kind durationSeconds }
}`;
const ID_MARK = Buffer.from('"photoAdded":{"id":"');
const ACK_MARK = Buffer.from('"connection_ack"');
const ID_LENGTH = 36;
const OPENING_AT_ONCE = 100;

const sockets = [];
/** Photo id -> arrival times on this process's screens. */
const arrivals = new Map();
let messageBytes = 0;
/** The last photo message received, as it came: what the bare server of the bench sends. */
let sample;
let closed = 0;
let errors = 0;

/** Screen number `n` connects from its own address (198.18.0.0/15, set aside for benchmarks). */
const addressOf = (n) => `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;

function openScreen({ n, url, eventCode }) {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, 'graphql-transport-ws', {
      headers: { 'x-forwarded-for': addressOf(n) },
      perMessageDeflate: false,
    });
    sockets.push(socket);
    let subscribed = false;
    socket.on('open', () => socket.send('{"type":"connection_init"}'));
    socket.on('message', (data) => {
      if (subscribed) {
        const at = data.indexOf(ID_MARK);
        if (at < 0) return;
        const receivedAt = performance.timeOrigin + performance.now();
        const start = at + ID_MARK.length;
        const id = data.toString('latin1', start, start + ID_LENGTH);
        messageBytes = data.length;
        sample = data;
        let times = arrivals.get(id);
        if (!times) arrivals.set(id, (times = []));
        times.push(receivedAt);
        return;
      }
      if (data.indexOf(ACK_MARK) < 0) return;
      subscribed = true;
      socket.send(
        JSON.stringify({
          id: '1',
          type: 'subscribe',
          payload: { query: PHOTO_ADDED, variables: { eventCode } },
        }),
      );
      resolve(true);
    });
    socket.on('error', () => {
      errors++;
      resolve(false);
    });
    socket.on('close', () => {
      closed++;
      resolve(false);
    });
  });
}

process.on('message', async (message) => {
  if (message.type === 'open') {
    let opened = 0;
    const queue = [...message.screens];
    await Promise.all(
      Array.from({ length: OPENING_AT_ONCE }, async () => {
        for (let screen = queue.shift(); screen; screen = queue.shift())
          if (await openScreen(screen)) opened++;
      }),
    );
    process.send({ type: 'opened', opened });
  } else if (message.type === 'report') {
    process.send({
      type: 'report',
      arrivals: Object.fromEntries(arrivals),
      messageBytes,
      sample: sample?.toString('base64'),
      closed,
      errors,
    });
    arrivals.clear();
  } else if (message.type === 'close') {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
