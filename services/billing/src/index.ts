export { createApp } from './create-app.js';
export { AppModule } from './app.module.js';
export { BillingConfig } from './config/billing-config.js';
