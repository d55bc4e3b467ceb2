/**
 * The header in which the gateway tells a subgraph who the client is (the address it connected from). The
 * gateway always overwrites it, and subgraphs listen where only the gateway reaches them, so it can be trusted.
 */
export const CLIENT_ADDRESS_HEADER = 'x-gallery-client';
