import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { MediaConfig } from './config/media-config.js';
import { createMediaApp } from './create-media-app.js';

const config = MediaConfig.fromEnv();
const app = await createMediaApp(config);
app.enableShutdownHooks();
await app.listen(config.port, config.host);
new Logger('Media').log(`media service listening on ${config.host}:${config.port}`);
