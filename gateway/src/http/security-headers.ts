import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { RequestHandler, Response } from 'express';
import type { ServedHost } from './served-hosts.js';

/** Where photo uploads and photo links go when the deployment does not say: S3 itself. */
const DEFAULT_STORAGE_ORIGIN = 'https://*.amazonaws.com';

export interface SecurityHeadersConfig {
  publicUrl?: string;
  storagePublicUrl?: string;
  /** The web analytics service's origins, when the web app was built with one (its script, beacons, pixels). */
  analyticsOrigins?: string[];
  /** Dev server pages (WEB_DEV_ORIGINS): they show photos through this gateway's /media from another port. */
  webDevOrigins?: string[];
}

/**
 * Security headers on every answer: a Content-Security-Policy the web app works under (its own scripts and
 * styles only; the live socket on the page's own origin; uploads PUT to and photos redirected from object
 * storage; videos played from storage), no framing, no MIME sniffing, no referrer (page URLs name the gallery code), HSTS once the
 * gateway is served over https.
 */
export function securityHeaders(config: SecurityHeadersConfig): RequestHandler {
  const storage = config.storagePublicUrl ? new URL(config.storagePublicUrl).origin : DEFAULT_STORAGE_ORIGIN;
  const https = config.publicUrl !== undefined && new URL(config.publicUrl).protocol === 'https:';
  const analytics = config.analyticsOrigins ?? [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...analytics],
        styleSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        imgSrc: ["'self'", 'data:', 'blob:', storage, ...analytics],
        // Videos play from short-lived presigned storage URLs.
        mediaSrc: ["'self'", 'blob:', storage],
        // 'self' does not cover ws: and wss: in every browser: the page's own socket origins are named, as the
        // host allowlist has them (servedHostsOnly runs first), never as the request's Host header says.
        connectSrc: [
          "'self'",
          (_req: IncomingMessage, res: ServerResponse) => pageSocketOrigins(res),
          storage,
          ...analytics,
        ],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Photo links are plain <img> loads: from a dev server page on another port of the same host they are
    // same-site, not same-origin.
    crossOriginResourcePolicy: { policy: config.webDevOrigins?.length ? 'same-site' : 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
}

function pageSocketOrigins(res: ServerResponse): string {
  const served = (res as Response).locals?.servedHost as ServedHost | undefined;
  return served ? served.socketOrigins.join(' ') : '';
}
