// @ts-check
// Counts a service's round trips, for a bench: loaded into the process with `node --import
// ./bench/call-counter.mjs` (bench/ingest.mjs --count-calls does it for the media service), it counts every SQL
// statement sent through `pg` (by its first words), every HTTP request the process makes (by method and the S3
// call's query flag) and the connections those requests opened, and writes the counts to
// `<tmpdir>/call-counts-<pid>.json` every half second and at exit. Nothing of the product changes; the bench
// reads the file before and after a burst.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const counts = { sql: {}, http: {}, connections: {} };
/** Sockets HTTP requests went over so far: a socket not seen before is a connection opened. */
const seenSockets = new WeakSet();
const file = path.join(os.tmpdir(), `call-counts-${process.pid}.json`);
const add = (table, key) => (table[key] = (table[key] ?? 0) + 1);

/** A statement's kind: its first two words, tables and columns left out where they vary. */
function statementKind(text) {
  const words = String(text).trim().replace(/\s+/g, ' ').split(' ');
  const first = words[0]?.toUpperCase() ?? '';
  if (first === 'INSERT' || first === 'DELETE') return `${first} ${words[2] ?? ''}`;
  if (first === 'UPDATE') return `${first} ${words[1] ?? ''}`;
  if (first === 'SELECT') {
    const from = words.findIndex((word) => word.toUpperCase() === 'FROM');
    return from >= 0 ? `SELECT FROM ${words[from + 1]}` : 'SELECT';
  }
  if (first === 'WITH') return `WITH ${words[1] ?? ''}`;
  return first;
}

const require = createRequire(path.join(process.cwd(), 'package.json'));
try {
  const pg = require('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(config, ...rest) {
    add(counts.sql, statementKind(typeof config === 'string' ? config : config?.text));
    return query.call(this, config, ...rest);
  };
} catch {
  // No pg in this process.
}

const request = http.request;
http.request = function countedRequest(...args) {
  const options = typeof args[0] === 'string' || args[0] instanceof URL ? new URL(args[0]) : args[0];
  const query = String(options.path ?? `${options.pathname ?? ''}${options.search ?? ''}`).split('?')[1];
  const flag = query ? `?${query.split('&')[0].split('=')[0]}` : '';
  add(counts.http, `${options.method ?? 'GET'}${flag}`);
  const sent = request.apply(this, args);
  sent.once('socket', (socket) => {
    if (seenSockets.has(socket)) return;
    seenSockets.add(socket);
    add(counts.connections, 'HTTP');
  });
  return sent;
};

const write = () => writeFileSync(file, JSON.stringify(counts));
setInterval(write, 500).unref();
process.on('exit', write);
