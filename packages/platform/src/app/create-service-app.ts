import 'reflect-metadata';
import type { DynamicModule, INestApplication, LoggerService, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import express from 'express';
import type { IncomingMessage, Server } from 'node:http';
import { API_LIMITS } from '@gallery/contracts';
import { runMigrationsOneAtATime } from '../database/run-migrations.js';
import { answerBodyErrorsAsJson } from '../http/json-body-errors.js';
import { SUBGRAPH_KEEP_ALIVE } from '../http/subgraph-keep-alive.js';
import { logger as processLogger } from '../observability/logger.js';
import { JsonNestLogger } from '../observability/nest-logger.js';
import { noteGalleryCode, requestLogging } from '../observability/request-logging.js';
import { metricsPortFromEnv, startMetricsServer } from '../observability/metrics-server.js';
import { observeOutbox } from '../events/event-bus-metrics.js';
import { stopTelemetry } from '../observability/telemetry-shutdown.js';
import { ServiceRequestServer } from '../requests/service-request-server.js';

export interface ServiceAppOptions {
  /**
   * Nest's own log lines: JSON lines of the process's logger by default; `false` (tests) silences them and the
   * request lines too, a list of levels keeps Nest's text logger at those levels and the request lines only
   * with `log` among them.
   */
  logger?: LoggerService | LogLevel[] | false;
  /** Where GET /metrics is served (METRICS_PORT by default; none when unset). */
  metricsPort?: number;
  /**
   * Routes whose bodies may be larger than the product's GraphQL limit (billing's Stripe webhook), each with its
   * own limit and a refusal that names it; every other route keeps API_LIMITS.bodyBytes.
   */
  largeBodyRoutes?: LargeBodyRoute[];
}

export interface LargeBodyRoute {
  path: string;
  limitBytes: number;
  /** What the refusal calls the body ("webhook body"). */
  what: string;
}

/** A request whose body bytes are kept as received, for signatures computed over them (Stripe webhooks). */
export interface RequestWithRawBody extends IncomingMessage {
  rawBody?: Buffer;
}

/** The service's TypeORM data source; none for a module without a database. */
function databaseOf(app: INestApplication): DataSource | undefined {
  try {
    return app.get(DataSource, { strict: false });
  } catch {
    return undefined;
  }
}

/** The Nest NATS server of the service's requests (EventBusModule's); none for a module without the bus. */
function requestServerOf(app: INestApplication): ServiceRequestServer | undefined {
  try {
    return app.get(ServiceRequestServer, { strict: false });
  } catch {
    return undefined;
  }
}

/**
 * Builds a service from its root module, initialised (migrations run, one replica at a time; NATS connected,
 * consumers started, service requests answered with Nest's NATS transport) but not listening: main.ts listens on
 * the configured host and port, tests listen where they like. Every service gets the product's one body limit
 * with JSON refusals (larger only on the routes named in `largeBodyRoutes`), the raw bytes of each body for
 * signature checks, and keeps the gateway's idle connections longer than the gateway does (SUBGRAPH_KEEP_ALIVE).
 * Each request is logged as a JSON line with its request id (x-request-id from the gateway, else a new one) and
 * gallery code; Prometheus metrics are served on their own port when METRICS_PORT is set
 * (packages/platform/src/observability).
 */
export async function createServiceApp(
  root: DynamicModule,
  options: ServiceAppOptions = {},
): Promise<INestApplication> {
  // abortOnError off: a failure throws to the caller (main.ts exits with it) instead of Nest ending the process,
  // and looking for a data source in a module without one can answer "none".
  const nestLogger = options.logger === undefined ? new JsonNestLogger() : options.logger;
  const app = await NestFactory.create(root, {
    logger: nestLogger,
    bodyParser: false,
    abortOnError: false,
  });
  const requestLines =
    options.logger === undefined || (Array.isArray(options.logger) && options.logger.includes('log'));
  app.use(requestLogging(requestLines ? processLogger : processLogger.child({}, { level: 'silent' })));
  (app.getHttpServer() as Server).keepAliveTimeout = SUBGRAPH_KEEP_ALIVE.subgraphIdleMs;
  const keepRawBody = (request: RequestWithRawBody, _response: unknown, body: Buffer) => {
    request.rawBody = body;
  };
  // A body read by a route's own parser is not read again by the general one.
  for (const route of options.largeBodyRoutes ?? []) {
    app.use(
      route.path,
      express.json({ limit: route.limitBytes, verify: keepRawBody }),
      answerBodyErrorsAsJson(route.limitBytes, route.what),
    );
  }
  app.use(
    express.json({ limit: API_LIMITS.bodyBytes, verify: keepRawBody }),
    answerBodyErrorsAsJson(API_LIMITS.bodyBytes),
    noteGalleryCode(),
  );
  try {
    // Before init: the relays, consumers and sweepers that init starts find the schema of this release.
    const database = databaseOf(app);
    if (database) {
      await runMigrationsOneAtATime(database);
      observeOutbox(database);
    }
    // Its @AnswersRequest handlers, found in the controllers now, start answering once the app has booted.
    const requests = requestServerOf(app);
    if (requests) app.connectMicroservice({ strategy: requests });
    await app.init();
    await app.startAllMicroservices();
    const metricsPort = options.metricsPort ?? metricsPortFromEnv();
    const metrics =
      metricsPort === undefined ? undefined : await startMetricsServer(metricsPort, process.env.HOST);
    const close = app.close.bind(app);
    app.close = async () => {
      await close();
      await metrics?.close();
      // The spans of the last requests are sent before the process exits.
      await stopTelemetry();
    };
  } catch (error) {
    // Whatever connected before the failure (database, NATS, S3) must not keep the process alive.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
