/** Per-request context of the gateway's Apollo Server: what it forwards to the subgraphs. */
export interface GatewayContext {
  authorization?: string;
}
