import { createApp } from './create-app.js';
import { eventsConfigFromEnv } from './config/events-config-from-env.js';

const config = eventsConfigFromEnv();
const app = await createApp(config);
app.enableShutdownHooks();
await app.listen(config.port);
console.log(`events service listening on port ${config.port}`);
