export * from './plans.js';
export * from './gallery-code.js';
export * from './order-form.js';
export * from './messages/index.js';
export * from './errors.js';
export * from './uploads.js';
export * from './limits.js';
export * from './events.js';
