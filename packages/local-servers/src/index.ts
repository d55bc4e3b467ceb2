// Real backing servers (PostgreSQL, NATS with JetStream, an S3-protocol server) as local child processes,
// for `npm start` (persistent data) and the test harness (throwaway data on free ports).
export {
  findFreePort,
  isAddressInUse,
  isPortFree,
  killAllServers,
  startOnFreePort,
  type ExitInfo,
  type LogLine,
  type OnFreePortOptions,
  type OnUnexpectedExit,
} from './processes.js';
export {
  createDatabaseOnServer,
  databaseUrl,
  ensureDatabaseOnServer,
  findPostgresBinaries,
  postgresDataDir,
  REACHABLE_DATA_ROOT,
  startPostgres,
  throwawayTemplateDir,
  type LocalPostgres,
  type PostgresBinaries,
  type StartPostgresOptions,
} from './postgres.js';
export { ensureNatsServer, startNats, type LocalNats, type StartNatsOptions } from './nats.js';
export { BROWSER_UPLOAD_CORS_XML, startS3, type LocalS3, type StartS3Options } from './s3.js';
export {
  caughtMail,
  mailHeaders,
  startMailCatcher,
  type CaughtMail,
  type LocalMailCatcher,
  type StartMailCatcherOptions,
} from './mail-catcher.js';
export { ensureCaddy, startCaddy, type LocalCaddy, type StartCaddyOptions } from './caddy.js';
export { ensureRclone, startWebDav, type LocalWebDav, type StartWebDavOptions } from './webdav.js';
