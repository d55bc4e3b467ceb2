import '@gallery/platform/telemetry';
import { Logger } from '@nestjs/common';
import { EventsConfig } from './config/events-config.js';
import { createApp } from './create-app.js';

const config = EventsConfig.fromEnv();
const app = await createApp(config);
app.enableShutdownHooks();
await app.listen(config.port, config.host);
new Logger('Events').log(`events service listening on ${config.host}:${config.port}`);
