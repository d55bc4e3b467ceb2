import { describe, expect, it } from '@jest/globals';
import type { Request, Response } from 'express';
import { securityHeaders } from './security-headers.js';

/** The headers the middleware sets on one answer. */
function headersOf(config: Parameters<typeof securityHeaders>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  } as unknown as Response;
  const req = { headers: { host: 'gallery.local:5000' } } as unknown as Request;
  securityHeaders(config)(req, res, () => undefined);
  return headers;
}

/** The Content-Security-Policy the middleware sets on one answer. */
function policy(config: Parameters<typeof securityHeaders>[0]): Record<string, string[]> {
  const csp = headersOf(config)['content-security-policy'];
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
});
