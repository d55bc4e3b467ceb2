import { RemoteGraphQLDataSource } from '@apollo/gateway';
import type { GatewayContext } from './gateway-context.js';

/** Passes the caller's Authorization header (the couple's owner token) on to the subgraphs, which check it. */
export class AuthorizationForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  override willSendRequest({ request, context }: Parameters<RemoteGraphQLDataSource['process']>[0]): void {
    // Composition's introspection requests carry no caller, hence no header.
    const authorization = (context as Partial<GatewayContext>).authorization;
    if (authorization) request.http?.headers.set('authorization', authorization);
  }
}
