// What the gateway takes of the platform's observability, without the services' database and NATS modules.
export * from './request-context.js';
export * from './logger.js';
export * from './request-logging.js';
export * from './metrics.js';
export * from './metrics-server.js';
export * from './trace-context.js';
export * from './telemetry-shutdown.js';
