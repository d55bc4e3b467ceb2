import '@gallery/platform/telemetry';
import { Logger } from '@nestjs/common';
import { MediaConfig } from './config/media-config.js';
import { createApp } from './create-app.js';

const config = MediaConfig.fromEnv();
const app = await createApp(config);
app.enableShutdownHooks();
await app.listen(config.port, config.host);
new Logger('Media').log(`media service listening on ${config.host}:${config.port}`);
