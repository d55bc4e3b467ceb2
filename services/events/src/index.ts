export { createApp } from './create-app.js';
export { AppModule } from './app.module.js';
export type { EventsConfig } from './config/events-config.js';
export { eventsConfigFromEnv } from './config/events-config-from-env.js';
