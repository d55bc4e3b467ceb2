import type { GraphQLFormattedError } from 'graphql';
import type { RequestHandler } from 'express';
import { englishMessage } from '@gallery/contracts';
import { bearerTokenFromHeader } from '@gallery/platform/edge';
import { gatewayContext, type GatewayContext } from '../supergraph/gateway-context.js';

/** What the events subgraph is asked: the same `me` the GraphQL API answers. */
export const SESSION_QUERY = 'query Session { me { email } }';

/** Session tokens are 43 characters (32 bytes, base64url); anything much longer is not one, and not sent on. */
const MAX_TOKEN_LENGTH = 100;

export interface SessionOperationResult {
  data?: { me?: { email: string } | null } | null;
  errors?: readonly GraphQLFormattedError[];
}

/** Runs SESSION_QUERY through the gateway's own execution, as a /graphql request with `context` would. */
export type RunSessionQuery = (context: GatewayContext) => Promise<SessionOperationResult>;

/** The HTTP status of an error the subgraph answered with, by its catalogue code. */
const STATUS_BY_CODE: Record<string, number> = {
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
};

/**
 * GET /api/session: who the bearer token (the browser's `authToken`) belongs to. 200 `{ "email": ... }` for a
 * live session; 401 when the token is missing, unknown, expired or signed out. The answer comes from the events
 * subgraph's `me` through the supergraph, so sessions have one source of truth and `me`'s rate limit
 * (RATE_LIMITS.unknownSessionLookups, 429 here) counts both ways of asking.
 */
export function sessionEndpoint(run: RunSessionQuery): RequestHandler {
  return async (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    const token = bearerTokenFromHeader(req.headers.authorization);
    if (!token || token.length > MAX_TOKEN_LENGTH) {
      unauthenticated(res);
      return;
    }
    let result: SessionOperationResult;
    try {
      result = await run(gatewayContext(req, `Bearer ${token}`));
    } catch (error) {
      next(error);
      return;
    }
    const error = result.errors?.[0];
    if (error) {
      const code = String(error.extensions?.code ?? 'INTERNAL');
      const status = STATUS_BY_CODE[code] ?? 502;
      if (status === 429 && typeof error.extensions?.count === 'number') {
        res.set('Retry-After', String(error.extensions.count));
      }
      res.status(status).json({ errors: [{ message: error.message, extensions: { code } }] });
      return;
    }
    const owner = result.data?.me;
    if (!owner) {
      unauthenticated(res);
      return;
    }
    res.json({ email: owner.email });
  };
}

function unauthenticated(res: Parameters<RequestHandler>[1]): void {
  res
    .status(401)
    .set('WWW-Authenticate', 'Bearer')
    .json({
      errors: [
        { message: englishMessage('errors.UNAUTHENTICATED'), extensions: { code: 'UNAUTHENTICATED' } },
      ],
    });
}
