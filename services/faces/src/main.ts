import '@gallery/platform/telemetry';
import { Logger } from '@nestjs/common';
import { FacesConfig } from './config/faces-config.js';
import { createApp } from './create-app.js';

const config = FacesConfig.fromEnv();
const app = await createApp(config);
app.enableShutdownHooks();
await app.listen(config.port, config.host);
new Logger('Faces').log(`faces service listening on ${config.host}:${config.port}`);
