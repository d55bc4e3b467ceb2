// @ts-check
// The physical limit of bench/live-latency.mjs's live path: a bare `ws` server in a process of its own (its CPU
// read from /proc like the gateway's), serving the same screens over graphql-transport-ws with nothing but what
// the protocol needs (connection_init answered, subscribe remembered), and sending every subscribed socket the
// same bytes the gateway sent (a photo, a batch of heart counts, a guestbook message), with one plain `send` per
// socket, on a trigger per message. The messages are handed over once, before the sends, so a trigger carries no
// bytes: the process's work per trigger is the sends, and a photo's fresh id written into its message.
//
// Driven over IPC by the parent: { type: 'listen' } -> { type: 'listening', port },
// { type: 'load', messages } (each message's bytes, base64) -> { type: 'loaded' },
// { type: 'send', index, id?, idAt? } (the loaded message `index`, with `id` written at byte `idAt` first) ->
// { type: 'sent', sockets }, { type: 'close' } -> exit.
import { WebSocketServer } from 'ws';

const ACK = '{"type":"connection_ack"}';
const SUBSCRIBE = Buffer.from('"type":"subscribe"');
const CONNECTION_INIT = Buffer.from('"type":"connection_init"');
const TEXT = { binary: false };

/** Sockets that subscribed: they get every message. */
const subscribed = new Set();
/** The messages to send, as the gateway sent them. */
let messages = [];

const server = new WebSocketServer({
  host: '127.0.0.1',
  port: 0,
  perMessageDeflate: false,
  handleProtocols: (protocols) => (protocols.has('graphql-transport-ws') ? 'graphql-transport-ws' : false),
});
server.on('connection', (socket) => {
  socket.on('message', (/** @type {Buffer} */ data) => {
    if (data.indexOf(CONNECTION_INIT) >= 0) socket.send(ACK);
    else if (data.indexOf(SUBSCRIBE) >= 0) subscribed.add(socket);
  });
  socket.on('close', () => subscribed.delete(socket));
});

process.on('message', (/** @type {any} */ message) => {
  if (message.type === 'listen') {
    const answer = () =>
      process.send?.({
        type: 'listening',
        port: /** @type {import('node:net').AddressInfo} */ (server.address()).port,
      });
    if (server.address()) answer();
    else server.once('listening', answer);
  } else if (message.type === 'load') {
    messages = message.messages.map((base64) => Buffer.from(base64, 'base64'));
    process.send?.({ type: 'loaded' });
  } else if (message.type === 'send') {
    const bytes = messages[message.index];
    if (message.id) bytes.write(message.id, message.idAt, 'latin1');
    for (const socket of subscribed) socket.send(bytes, TEXT);
    process.send?.({ type: 'sent', sockets: subscribed.size });
  } else if (message.type === 'close') {
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
