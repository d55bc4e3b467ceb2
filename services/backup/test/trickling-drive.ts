import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A hostile WebDAV server: it takes any credentials, answers PROPFIND and MKCOL as a drive does, and then, where
 * its path says so, starts an answer and trickles it one byte a second without ever ending it (no idle timeout
 * fires). Under `/trickle-check/` the PROPFIND of the connect check; under `/trickle-copy/` every PUT, once its body
 * arrived. It counts the trickled answers open now, the most open at once, and those the service cut off.
 */
export interface TricklingDrive {
  /** The server's origin with a trailing `/`. */
  readonly url: string;
  /** Trickled PUT answers open now. */
  openPuts(): number;
  /** The most trickled PUT answers open at one time. */
  mostOpenPuts(): number;
  /** Trickled PUT answers whose connection the service closed. */
  putsCutOff(): number;
  /** Trickled PROPFIND answers whose connection the service closed. */
  checksCutOff(): number;
  stop(): Promise<void>;
}

const FOLDER_ANSWER =
  '<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:"><d:response><d:href>/</d:href>' +
  '<d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop>' +
  '<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>';

export async function startTricklingDrive(): Promise<TricklingDrive> {
  let open = 0;
  let most = 0;
  let putsCutOff = 0;
  let checksCutOff = 0;
  const timers = new Set<NodeJS.Timeout>();

  function trickle(response: ServerResponse, status: number, onEnd: () => void) {
    response.writeHead(status, { 'content-type': 'application/xml; charset=utf-8' });
    response.write('<');
    const timer = setInterval(() => response.write(' '), 1000);
    timers.add(timer);
    response.on('close', () => {
      clearInterval(timer);
      timers.delete(timer);
      onEnd();
    });
  }

  const server = createServer((request, response) => {
    const { method, url = '/' } = request;
    request.resume();
    request.on('end', () => {
      if (method === 'PROPFIND' && url.startsWith('/trickle-check/'))
        return trickle(response, 207, () => (checksCutOff += 1));
      if (method === 'PROPFIND') {
        response.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' }).end(FOLDER_ANSWER);
        return;
      }
      if (method === 'MKCOL') return void response.writeHead(201).end();
      if (method === 'PUT' && url.startsWith('/trickle-copy/')) {
        open += 1;
        most = Math.max(most, open);
        return trickle(response, 201, () => {
          open -= 1;
          putsCutOff += 1;
        });
      }
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    openPuts: () => open,
    mostOpenPuts: () => most,
    putsCutOff: () => putsCutOff,
    checksCutOff: () => checksCutOff,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
