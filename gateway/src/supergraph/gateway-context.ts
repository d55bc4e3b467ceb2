import type { Request } from 'express';
import { GUEST_IDENTITY_TOKEN_MAX_LENGTH, guestIdentityHeader, pinPassHeader } from '@gallery/platform/edge';

/** Per-request context of the gateway's Apollo Server: what it forwards to the subgraphs. */
export interface GatewayContext {
  authorization?: string;
  /** The client's address as the gateway saw it (after the trusted proxies). */
  clientAddress: string;
  /** The browser's Accept-Language: billing writes its mails in the buyer's language. */
  acceptLanguage?: string;
  /** The browser's signed guest identity (X-Guest-Identity), checked by the subgraph that reads it. */
  guestIdentity?: string;
  /** The gallery pass a guest earned with the PIN (X-Gallery-Pass), checked by the subgraph's access check. */
  pinPass?: string;
}

/** Longest Accept-Language passed on: enough for any real browser's list. */
const ACCEPT_LANGUAGE_MAX = 200;

/**
 * A request's context; `authorization` replaces the request's own header when given (a checked bearer token).
 * req.ip follows the app's `trust proxy` setting: the real client behind a known load balancer.
 */
export function gatewayContext(req: Request, authorization = req.headers.authorization): GatewayContext {
  return {
    authorization,
    clientAddress: req.ip ?? 'unknown',
    acceptLanguage: req.headers['accept-language']?.slice(0, ACCEPT_LANGUAGE_MAX),
    guestIdentity: guestIdentity(req),
    pinPass: pinPassHeader(req.headers),
  };
}

/** The guest identity header when it has a token's length at most (a longer one is no token: not passed on). */
function guestIdentity(req: Request): string | undefined {
  const value = guestIdentityHeader(req.headers);
  return value && value.length <= GUEST_IDENTITY_TOKEN_MAX_LENGTH ? value : undefined;
}
