import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { logger, processServiceName } from './logger.js';
import { onTelemetryStop } from './telemetry-shutdown.js';

/** Requests that say nothing of a guest's night: probes and scrapes. */
const UNTRACED_PATHS = /^\/health(\/|$)|^\/metrics$/;

let sdk: NodeSDK | undefined;

/**
 * Starts OpenTelemetry tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (otherwise nothing: the API stays a
 * no-op): spans for incoming and outgoing HTTP and Express routes, W3C trace context read from and written to
 * HTTP headers (and NATS headers, by trace-context.ts), sent over OTLP/HTTP to that endpoint. Prometheus has the
 * metrics and stdout the logs, so the SDK exports traces only. Must run before the HTTP and Express modules are
 * loaded: `import '@gallery/platform/telemetry'` first thing in a main.ts.
 */
export function startTelemetry(): boolean {
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (sdk || !endpoint) return false;
  sdk = new NodeSDK({
    serviceName: processServiceName(),
    traceExporter: new OTLPTraceExporter(),
    // None: the SDK's defaults would also export metrics and logs over OTLP.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? ''),
      }),
      new ExpressInstrumentation(),
    ],
  });
  sdk.start();
  const started = sdk;
  onTelemetryStop(async () => {
    sdk = undefined;
    await started.shutdown();
  });
  logger.info(`tracing to ${endpoint}`);
  return true;
}
