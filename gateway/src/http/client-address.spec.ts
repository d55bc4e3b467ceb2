import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import express from 'express';
import { clientAddressResolver } from './client-address.js';

function upgradeRequest(peer: string, forwardedFor?: string): IncomingMessage {
  return {
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    socket: { remoteAddress: peer },
  } as unknown as IncomingMessage;
}

describe('clientAddressResolver', () => {
  it("takes the socket's peer and ignores X-Forwarded-For when no proxy is trusted", () => {
    const app = express();
    app.set('trust proxy', false);

    expect(clientAddressResolver(app)(upgradeRequest('198.51.100.4', '203.0.113.7'))).toBe('198.51.100.4');
  });

  it('takes the address a trusted load balancer forwarded', () => {
    const app = express();
    app.set('trust proxy', 'loopback');

    expect(clientAddressResolver(app)(upgradeRequest('127.0.0.1', '203.0.113.7'))).toBe('203.0.113.7');
    expect(clientAddressResolver(app)(upgradeRequest('198.51.100.4', '203.0.113.7'))).toBe('198.51.100.4');
  });
});
