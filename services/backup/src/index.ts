export { createApp } from './create-app.js';
export { BackupConfig, secretKeyFrom } from './config/backup-config.js';
