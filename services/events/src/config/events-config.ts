/** Everything the events service reads from its environment, as one typed object. */
export interface EventsConfig {
  /** Interface the service listens on: loopback unless it must be reached from another host (a container). */
  host: string;
  port: number;
  databaseUrl: string;
  natsUrl: string;
  /** Origin the web app is served from; gallery links are built on it. */
  publicUrl: string;
}
