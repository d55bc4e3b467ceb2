import '@gallery/platform/telemetry';
import { Logger } from '@nestjs/common';
import { DownloadConfig } from './config/download-config.js';
import { createApp } from './create-app.js';

const config = DownloadConfig.fromEnv();
const app = await createApp(config);
app.enableShutdownHooks();
await app.listen(config.port, config.host);
new Logger('Download').log(`download service listening on ${config.host}:${config.port}`);
