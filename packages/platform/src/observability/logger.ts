import path from 'node:path';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import { currentRequestContext } from './request-context.js';

const LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** LOG_LEVEL when it names a pino level, else `info`; a value that names none is refused at start. */
export function logLevelFromEnv(value = process.env.LOG_LEVEL): LevelWithSilent {
  if (value === undefined || value === '') return 'info';
  if (!(LEVELS as string[]).includes(value)) {
    throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')} (got "${value}")`);
  }
  return value as LevelWithSilent;
}

/**
 * The process's name in its log lines and traces: OTEL_SERVICE_NAME when set, else the folder of the deployable
 * whose dist/main.js runs (`services/media/dist/main.js` is media, `gateway/dist/main.js` the gateway).
 */
export function processServiceName(): string {
  if (process.env.OTEL_SERVICE_NAME) return process.env.OTEL_SERVICE_NAME;
  const entry = process.argv[1] ?? '';
  return entry ? path.basename(path.dirname(path.dirname(entry))) : 'unknown';
}

/**
 * A JSON object a line on `destination` (stdout by default), with its time, level, service, and the request id,
 * gallery code and domain event id of whatever request or event is being handled (request-context.ts).
 */
export function createJsonLogger(destination?: DestinationStream, level = logLevelFromEnv()): Logger {
  return pino(
    {
      level,
      base: { service: processServiceName() },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const context = currentRequestContext();
        if (!context) return {};
        return {
          ...(context.requestId && { requestId: context.requestId }),
          ...(context.galleryCode && { galleryCode: context.galleryCode }),
          ...(context.eventId && { eventId: context.eventId }),
        };
      },
    },
    destination,
  );
}

/** The process's one logger (LOG_LEVEL, stdout). */
export const logger: Logger = createJsonLogger();
