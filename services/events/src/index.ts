export { createApp } from './create-app.js';
export { AppModule } from './app.module.js';
export { EventsConfig } from './config/events-config.js';
