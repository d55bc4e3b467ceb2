/** Everything the gateway needs, so tests and the bench can start one without touching the environment. */
export interface GatewayConfig {
  /** 0 picks a free port (tests, bench). */
  port: number;
  host?: string;
  natsUrl: string;
  /** The events subgraph's GraphQL endpoint. */
  eventsUrl: string;
  /** The media service's origin: its subgraph answers at /graphql and its photo URLs under /media. */
  mediaUrl: string;
  /**
   * The billing subgraph's GraphQL endpoint; its origin also takes the Stripe webhooks the gateway forwards.
   * Without it the gateway serves no billing (tests of the other subgraphs).
   */
  billingUrl?: string;
  /** The download subgraph's GraphQL endpoint (Download All); left out of the supergraph when unset. */
  downloadUrl?: string;
  /** The backup subgraph's GraphQL endpoint (the couple's cloud-drive backup); left out when unset. */
  backupUrl?: string;
  /** The faces service's subgraph ("Find me"); absent: its fields are not offered. */
  facesUrl?: string;
  /** The built web app (index.html and assets/). */
  webDist: string;
  /**
   * The supergraph composed when the gateway was built (dist/supergraph.graphql, SUPERGRAPH=shipped): served from
   * the start, whatever subgraph is down. Without it (SUPERGRAPH=composed) the gateway composes one from the
   * running subgraphs, serving nothing until every one of them answers, and composes again when one changes.
   */
  supergraphSdl?: string;
  /** How often the supergraph is re-composed from the subgraphs, so a redeployed subgraph is picked up. */
  pollIntervalMs?: number;
  /** Back-off between composition attempts while a subgraph does not answer yet. */
  compositionRetryMs?: { initial: number; max: number };
  /** Production hides the GraphQL landing page and introspection. */
  production?: boolean;
  /**
   * Which proxies in front of the gateway are believed about the client's address (X-Forwarded-For): express's
   * `trust proxy` setting. Off by default: the socket's own peer is the client.
   */
  trustProxy?: TrustProxy;
  /** The origin browsers reach the gateway at; an https one turns on HSTS. */
  publicUrl?: string;
  /** The object storage origin browsers PUT uploads to and photo links redirect to (the page's CSP allows it). */
  storagePublicUrl?: string;
  /**
   * Origins of web app pages the gateway does not serve itself (the Vite dev server beside `npm start`): CORS and
   * the live socket answer them. None by default.
   */
  webDevOrigins?: string[];
  /** Origins of the web analytics service the web app was built for (VITE_ANALYTICS_ID): the CSP lets them in. */
  analyticsOrigins?: string[];
  /** A JSON line per request answered, with its request id (on in a deployed gateway; tests leave it off). */
  logRequests?: boolean;
  /** Where GET /metrics is served, apart from the product's port (METRICS_PORT); none when unset. */
  metricsPort?: number;
}

/** express's `trust proxy`: off, a number of proxy hops, or addresses / subnets / names such as `loopback`. */
export type TrustProxy = false | number | string;
