export { createMediaApp } from './create-media-app.js';
export { MediaConfig } from './config/media-config.js';
