export { createApp } from './create-app.js';
export { FacesConfig } from './config/faces-config.js';
