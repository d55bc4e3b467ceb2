import { logger } from './logger.js';

/**
 * How the tracing started by telemetry.ts is stopped, kept apart from it: telemetry.ts loads the OpenTelemetry
 * SDK (seconds of module loading, in every test file that imports the platform), and only a process's main.ts
 * needs it; everything else needs only to flush what it started.
 */
let shutdown: (() => Promise<void>) | undefined;

export function onTelemetryStop(stop: () => Promise<void>): void {
  shutdown = stop;
}

/** Sends the spans still buffered and stops tracing; for a process about to exit. */
export async function stopTelemetry(): Promise<void> {
  const stopping = shutdown;
  shutdown = undefined;
  await stopping?.().catch((error: unknown) => logger.warn({ err: error }, 'tracing did not flush'));
}
