// @ts-check
// The open gallery screens of bench/live-latency.mjs, in a process of their own: plain `ws` sockets speaking
// graphql-transport-ws, each holding the subscriptions an open gallery page holds (web/src: useGallery, useHearts,
// useGuestbook), doing as little as a screen can. A message is not parsed: its subscription is told by its id
// (a digit: "1" is photoAdded), a photo's id is read from its bytes and its arrival time kept for the parent,
// which knows when each photo was confirmed (performance.timeOrigin + performance.now() is the shared wall
// clock, in ms); the other messages are counted.
//
// Driven over IPC by the parent: { type: 'open', screens: [{ n, url, eventCode, record, address, subscriptions }] }
// -> { type: 'opened' } (address: where the screen connects from, its own unless given; subscriptions: the ids of
// those it holds, a gallery page's unless given: the wall's are "1", "3", "4", "6", "7" and "8"),
// { type: 'record', on } -> { type: 'recording' }, { type: 'report' } -> { type: 'report', arrivals, others,
// messageBytes, sample, recorded, closed, errors } (sample: the last photo message's bytes, base64; others: the
// other messages since the last report; recorded: the other messages a screen with `record` received while
// recording was on, base64, in order, by subscription id), { type: 'close' } -> exit.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { runOnProductNode } from '../infra/product-node.mjs';

// The product's code on the images' Node, as it runs in production (infra/product-node.mjs).
await runOnProductNode(import.meta.url, 'bench');

// The gallery page's subscriptions as Apollo Client sends them (its fragments, and __typename added).
const PHOTO_FIELDS = `fragment GalleryPhoto on Photo {
  id eventCode thumbnailUrl previewUrl originalUrl width height createdAt kind durationSeconds guestName challengeId
  uploaderId heartCount __typename
}`;
const MESSAGE_FIELDS = `fragment GuestbookMessageFields on GuestbookMessage {
  id eventCode text guestName createdAt __typename
}`;
/** Subscription id -> document; the ids are one digit each, "1" the photos. */
const SUBSCRIPTIONS = {
  1: `subscription PhotoAdded($eventCode: String!) {
  photoAdded(eventCode: $eventCode) { ...GalleryPhoto __typename }
}
${PHOTO_FIELDS}`,
  2: `subscription EventUpdated($eventCode: String!) {
  eventUpdated(eventCode: $eventCode) { code plan expiresAt guestDownloadsAllowed __typename }
}`,
  3: `subscription PhotoRemoved($eventCode: String!) {
  photoRemoved(eventCode: $eventCode) { photoId photoCount challengeId __typename }
}`,
  4: `subscription PhotosRevealed($eventCode: String!) {
  photosRevealed(eventCode: $eventCode) { eventCode revealAt __typename }
}`,
  5: `subscription HeartCountsChanged($eventCode: String!) {
  heartCountsChanged(eventCode: $eventCode) { eventCode counts { photoId heartCount __typename } __typename }
}`,
  6: `subscription GuestbookMessageAdded($eventCode: String!) {
  guestbookMessageAdded(eventCode: $eventCode) { ...GuestbookMessageFields __typename }
}
${MESSAGE_FIELDS}`,
  7: `subscription GuestbookMessageRemoved($eventCode: String!) {
  guestbookMessageRemoved(eventCode: $eventCode) { id eventCode __typename }
}`,
  8: `subscription GallerySettingsChanged($eventCode: String!) {
  gallerySettingsChanged(eventCode: $eventCode) { eventCode __typename }
}`,
};
const ID_MARK = Buffer.from('"photoAdded":{"id":"');
const ACK_MARK = Buffer.from('"connection_ack"');
/** `{"id":"N"`: where a message's subscription id (one digit) sits. */
const SUBSCRIPTION_ID_AT = 7;
const PHOTOS = 0x31; // "1"
const ID_LENGTH = 36;
const OPENING_AT_ONCE = 100;

const sockets = [];
/** Photo id -> arrival times on this process's screens. */
const arrivals = new Map();
/** Messages other than photos received since the last report. */
let others = 0;
let messageBytes = 0;
/** The last photo message received, as it came: what the bare server of the bench sends. */
let sample;
let recording = false;
/** Subscription id -> the messages a recording screen received while recording, in order (base64). */
let recorded = {};
let closed = 0;
let errors = 0;

/** Screen number `n` connects from its own address (198.18.0.0/15, set aside for benchmarks). */
const addressOf = (n) => `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;

function openScreen({
  n,
  url,
  eventCode,
  record,
  address = addressOf(n),
  subscriptions = Object.keys(SUBSCRIPTIONS),
}) {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, 'graphql-transport-ws', {
      headers: { 'x-forwarded-for': address },
      perMessageDeflate: false,
    });
    sockets.push(socket);
    let subscribed = false;
    socket.on('open', () => socket.send('{"type":"connection_init"}'));
    socket.on('message', (/** @type {Buffer} */ data) => {
      if (subscribed) {
        const subscription = data[SUBSCRIPTION_ID_AT];
        if (subscription !== PHOTOS) {
          others++;
          if (record && recording)
            (recorded[String.fromCharCode(subscription)] ??= []).push(data.toString('base64'));
          return;
        }
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
      for (const id of subscriptions) {
        const query = SUBSCRIPTIONS[id];
        socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables: { eventCode } } }));
      }
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

process.on('message', async (/** @type {any} */ message) => {
  if (message.type === 'open') {
    let opened = 0;
    const queue = [...message.screens];
    await Promise.all(
      Array.from({ length: OPENING_AT_ONCE }, async () => {
        for (let screen = queue.shift(); screen; screen = queue.shift())
          if (await openScreen(screen)) opened++;
      }),
    );
    process.send?.({ type: 'opened', opened });
  } else if (message.type === 'record') {
    recording = message.on;
    process.send?.({ type: 'recording' });
  } else if (message.type === 'report') {
    process.send?.({
      type: 'report',
      arrivals: Object.fromEntries(arrivals),
      others,
      messageBytes,
      sample: sample?.toString('base64'),
      recorded,
      closed,
      errors,
    });
    arrivals.clear();
    others = 0;
    recorded = {};
  } else if (message.type === 'close') {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
