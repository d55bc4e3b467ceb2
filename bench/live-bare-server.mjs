// The physical limit of bench/live-latency.mjs's live path: a bare `ws` server in a process of its own (its CPU
// read from /proc like the gateway's), serving the same screens over graphql-transport-ws with nothing but what
// the protocol needs (connection_init answered, subscribe remembered), and sending every subscribed socket the
// same bytes the gateway sends for a photo, with one plain `send` per socket, on a trigger per photo.
//
// Driven over IPC by the parent: { type: 'listen' } -> { type: 'listening', port },
// { type: 'send', message } (the message's bytes, base64) -> { type: 'sent', sockets }, { type: 'close' } -> exit.
import { WebSocketServer } from 'ws';

const ACK = '{"type":"connection_ack"}';
const SUBSCRIBE = Buffer.from('"type":"subscribe"');
const CONNECTION_INIT = Buffer.from('"type":"connection_init"');
const TEXT = { binary: false };

/** Sockets that subscribed: they get every message. */
const subscribed = new Set();

const server = new WebSocketServer({
  host: '127.0.0.1',
  port: 0,
  perMessageDeflate: false,
  handleProtocols: (protocols) => (protocols.has('graphql-transport-ws') ? 'graphql-transport-ws' : false),
});
server.on('connection', (socket) => {
  socket.on('message', (data) => {
    if (data.indexOf(CONNECTION_INIT) >= 0) socket.send(ACK);
    else if (data.indexOf(SUBSCRIBE) >= 0) subscribed.add(socket);
  });
  socket.on('close', () => subscribed.delete(socket));
});

process.on('message', (message) => {
  if (message.type === 'listen') {
    const answer = () => process.send({ type: 'listening', port: server.address().port });
    if (server.address()) answer();
    else server.once('listening', answer);
  } else if (message.type === 'send') {
    const bytes = Buffer.from(message.message, 'base64');
    for (const socket of subscribed) socket.send(bytes, TEXT);
    process.send({ type: 'sent', sockets: subscribed.size });
  } else if (message.type === 'close') {
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
