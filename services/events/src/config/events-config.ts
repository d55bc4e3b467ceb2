/** Everything the events service reads from its environment, as one typed object. */
export interface EventsConfig {
  port: number;
  databaseUrl: string;
  natsUrl: string;
  /** Origin the web app is served from; gallery links are built on it. */
  publicUrl: string;
}
