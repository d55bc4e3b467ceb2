import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
} from '@opentelemetry/api';
import { currentRequestContext, REQUEST_ID_HEADER } from './request-context.js';

/** What a domain event carries of the request that caused it: its id and its W3C trace context. */
export type CarriedHeaders = Record<string, string>;

const tracer = trace.getTracer('gallery');

/**
 * The current request's id and trace context (traceparent, tracestate) as headers, for a call to another
 * service or a domain event it causes. Empty outside any request and without tracing.
 */
export function carriedHeaders(): CarriedHeaders {
  const carrier = traceHeaders();
  const requestId = currentRequestContext()?.requestId;
  if (requestId) carrier[REQUEST_ID_HEADER] = requestId;
  return carrier;
}

/** The active span's trace context alone (traceparent, tracestate), as headers. */
export function traceHeaders(): CarriedHeaders {
  const carrier: CarriedHeaders = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** The trace context a NATS message or an outbox row carries, read through `header`; else the root context. */
export function contextFrom(header: (name: string) => string | undefined): Context {
  return propagation.extract(ROOT_CONTEXT, header, {
    keys: () => [],
    get: (read, key) => read(key) || undefined,
  });
}

/**
 * Runs `work` in a span named `name` whose parent is `parent` (an event's carried context; the active one when
 * undefined), as the active
 * context, so what it causes (a publish, an HTTP call) joins the same trace. A throw marks the span failed.
 */
export async function inSpan<T>(
  name: string,
  kind: 'producer' | 'consumer' | 'client' | 'server' | 'internal',
  parent: Context | undefined,
  attributes: Attributes,
  work: () => Promise<T> | T,
): Promise<T> {
  const spanKind = {
    producer: SpanKind.PRODUCER,
    consumer: SpanKind.CONSUMER,
    client: SpanKind.CLIENT,
    server: SpanKind.SERVER,
    internal: SpanKind.INTERNAL,
  }[kind];
  return tracer.startActiveSpan(
    name,
    { kind: spanKind, attributes },
    parent ?? context.active(),
    async (span) => {
      try {
        return await work();
      } catch (error) {
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: error instanceof Error ? error.message : String(error),
        });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** inSpan for synchronous work (a live delivery): a throw ends the span failed and reaches the caller at once. */
export function inSpanNow<T>(
  name: string,
  parent: Context | undefined,
  attributes: Attributes,
  work: () => T,
): T {
  return tracer.startActiveSpan(
    name,
    { kind: SpanKind.CONSUMER, attributes },
    parent ?? context.active(),
    (span) => {
      try {
        return work();
      } catch (error) {
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: error instanceof Error ? error.message : String(error),
        });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
