import { RemoteGraphQLDataSource } from '@apollo/gateway';
import { PIN_PASS_HEADER } from '@gallery/contracts';
import { CLIENT_ADDRESS_HEADER, GUEST_IDENTITY_HEADER } from '@gallery/platform/edge';
import type { GatewayContext } from './gateway-context.js';
import { subgraphFetcher } from '../http/subgraph-fetch.js';
import { carriedHeaders } from '@gallery/platform/observability';

/**
 * Tells the subgraphs who is calling: the caller's Authorization header (the couple's owner token) and guest
 * identity and gallery pass, which they check, its request id and trace context, and the client's address, which their rate limits count by. The gateway only ever passes headers it
 * sets itself, so a client cannot write its own address.
 */
export class CallerForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  override fetcher = subgraphFetcher;

  override willSendRequest({ request, context }: Parameters<RemoteGraphQLDataSource['process']>[0]): void {
    // Composition's introspection requests carry no caller, hence no headers.
    const { authorization, clientAddress, acceptLanguage, guestIdentity, pinPass } =
      context as Partial<GatewayContext>;
    if (authorization) request.http?.headers.set('authorization', authorization);
    if (clientAddress) request.http?.headers.set(CLIENT_ADDRESS_HEADER, clientAddress);
    if (acceptLanguage) request.http?.headers.set('accept-language', acceptLanguage);
    if (guestIdentity) request.http?.headers.set(GUEST_IDENTITY_HEADER, guestIdentity);
    if (pinPass) request.http?.headers.set(PIN_PASS_HEADER, pinPass);
    // The request's id and trace context: the subgraph's log lines and spans join the gateway's.
    for (const [name, value] of Object.entries(carriedHeaders())) request.http?.headers.set(name, value);
  }
}
