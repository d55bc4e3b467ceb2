export { createApp } from './create-app.js';
export { DownloadConfig } from './config/download-config.js';
