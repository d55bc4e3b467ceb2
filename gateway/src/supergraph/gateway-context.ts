/** Per-request context of the gateway's Apollo Server: what it forwards to the subgraphs. */
export interface GatewayContext {
  authorization?: string;
  /** The client's address as the gateway saw it (after the trusted proxies). */
  clientAddress: string;
  /** The browser's Accept-Language: billing writes its mails in the buyer's language. */
  acceptLanguage?: string;
}
