import { describe, expect, it } from '@jest/globals';
import type { Request, Response } from 'express';
import { securityHeaders } from './security-headers.js';
import type { ServedHost } from './served-hosts.js';

/** The headers the middleware sets on one answer (for a page of the host the allowlist found `served`). */
function headersOf(
  config: Parameters<typeof securityHeaders>[0],
  served?: ServedHost,
  hostHeader = 'gallery.local:5000',
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
    locals: served ? { servedHost: served } : {},
  } as unknown as Response;
  const req = { headers: { host: hostHeader } } as unknown as Request;
  securityHeaders(config)(req, res, () => undefined);
  return headers;
}

/** The Content-Security-Policy the middleware sets on one answer. */
function policy(
  config: Parameters<typeof securityHeaders>[0],
  served?: ServedHost,
  hostHeader?: string,
): Record<string, string[]> {
  const csp = headersOf(config, served, hostHeader)['content-security-policy'];
  return Object.fromEntries(
    csp
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
}

describe('securityHeaders', () => {
  it('keeps every answer to its own origin, unless dev server pages on another port are configured', () => {
    expect(headersOf({})['cross-origin-resource-policy']).toBe('same-origin');
    expect(headersOf({ webDevOrigins: ['http://localhost:5173'] })['cross-origin-resource-policy']).toBe(
      'same-site',
    );
  });

  it('lets videos play from the storage origin their presigned URLs point at', () => {
    expect(policy({ storagePublicUrl: 'http://localhost:9000/media' })['media-src']).toEqual([
      "'self'",
      'blob:',
      'http://localhost:9000',
    ]);
    expect(policy({})['media-src']).toEqual(["'self'", 'blob:', 'https://*.amazonaws.com']);
  });

  it('lets the analytics script and its beacons in only when the deployment names their origins', () => {
    const origins = ['https://www.googletagmanager.com', 'https://*.google-analytics.com'];
    const configured = policy({ analyticsOrigins: origins });
    expect(configured['script-src']).toEqual(["'self'", ...origins]);
    expect(configured['connect-src']).toEqual(expect.arrayContaining(origins));
    expect(policy({})['script-src']).toEqual(["'self'"]);
  });

  it('names the page’s socket origins as the host allowlist has them, never from the Host header', () => {
    const served = {
      gallery: null,
      socketOrigins: ['ws://gallery.example.org', 'wss://gallery.example.org'],
    };
    const connect = policy({}, served, 'evil.example')['connect-src'];
    expect(connect).toEqual([
      "'self'",
      'ws://gallery.example.org',
      'wss://gallery.example.org',
      'https://*.amazonaws.com',
    ]);
    expect(connect.join(' ')).not.toContain('evil');
    expect(policy({}, undefined, 'evil.example')['connect-src']).toEqual([
      "'self'",
      'https://*.amazonaws.com',
    ]);
  });
});
