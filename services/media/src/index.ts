export { createApp } from './create-app.js';
export { MediaConfig } from './config/media-config.js';
