/**
 * What the gateway needs of the platform, without what only the NestJS services need: the main entry loads
 * TypeORM, the S3 client, NestJS, JetStream and the mailer (about 90 MB resident, in a process that holds every
 * open gallery screen and uses none of them).
 */
export * from './config/environment.js';
export * from './graphql/app-error.js';
export * from './health/check-health.js';
export * from './http/client-address-header.js';
export * from './http/subgraph-keep-alive.js';
export { refusedBody, type RefusedBody } from './http/json-body-errors.js';
export * from './http/bearer-token.js';
export * from './guests/guest-identity.js';
export * from './http/pin-pass-header.js';
export * from './requests/service-request.js';
export * from './requests/service-request-client.js';
export * from './access/pin-admission.js';
