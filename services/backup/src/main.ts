import '@gallery/platform/telemetry';
import { Logger } from '@nestjs/common';
import { BackupConfig } from './config/backup-config.js';
import { createApp } from './create-app.js';

const config = BackupConfig.fromEnv();
const app = await createApp(config);
app.enableShutdownHooks();
await app.listen(config.port, config.host);
new Logger('Backup').log(`backup service listening on ${config.host}:${config.port}`);
