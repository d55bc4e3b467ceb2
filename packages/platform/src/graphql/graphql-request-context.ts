import type { Request, Response } from 'express';
import { clientAddress } from '../http/client-address-header.js';
import { guestIdentityHeader } from '../guests/guest-identity.js';
import { pinPassHeader } from '../http/pin-pass-header.js';

/** What every resolver of every service finds in the GraphQL context, read from the request the gateway forwarded. */
export interface GraphQLRequestContext {
  /** Who is asking (the client's address as the gateway forwarded it): what rate limits count by. */
  client: string;
  /** The request's Authorization header as the gateway forwarded it: the access check asks who owns it. */
  authorization?: string;
  /** The gallery pass (X-Gallery-Pass) a guest earned with the PIN, read by the access check. */
  pinPass?: string;
  /** The browser's guest identity token as the gateway forwarded it, unchecked: GuestIdentities verifies it. */
  guestIdentity?: string;
  /** The caller's Accept-Language header: the language of the mails a request leads to (billing's checkouts). */
  acceptLanguage?: string;
  /** Runs `done` once the request was answered (or its connection dropped): what it held is given back. */
  whenAnswered(done: () => void): void;
}

/** The context of one GraphQL request (ServiceModule gives it to Apollo). */
export function graphQLRequestContext({ req, res }: { req: Request; res: Response }): GraphQLRequestContext {
  return {
    client: clientAddress(req),
    authorization: req.headers.authorization,
    pinPass: pinPassHeader(req.headers),
    guestIdentity: guestIdentityHeader(req.headers),
    acceptLanguage: req.headers['accept-language'],
    // Sent or cut off: either way the request is over.
    whenAnswered: (done) => void res.once('close', done),
  };
}
