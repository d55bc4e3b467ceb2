import { createApp } from './create-app.js';
import { eventsConfigFromEnv } from './config/events-config-from-env.js';

const config = eventsConfigFromEnv();
const app = await createApp(config);
app.enableShutdownHooks();
await app.listen(config.port, config.host);
console.log(`events service listening on ${config.host}:${config.port}`);
