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

export interface ServiceAppOptions {
  logger?: LoggerService | LogLevel[] | false;
  /** A larger body limit than the product's GraphQL one, for a service that takes webhooks (billing). */
  bodyLimitBytes?: number;
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

/**
 * Builds a service from its root module, initialised (migrations run, one replica at a time; NATS connected,
 * consumers started) but not listening: main.ts listens on the configured host and port, tests listen where they
 * like. Every service gets the product's one body limit with JSON refusals, the raw bytes of each body for
 * signature checks, and keeps the gateway's idle connections longer than the gateway does (SUBGRAPH_KEEP_ALIVE).
 */
export async function createServiceApp(
  root: DynamicModule,
  options: ServiceAppOptions = {},
): Promise<INestApplication> {
  // abortOnError off: a failure throws to the caller (main.ts exits with it) instead of Nest ending the process,
  // and looking for a data source in a module without one can answer "none".
  const app = await NestFactory.create(root, {
    logger: options.logger,
    bodyParser: false,
    abortOnError: false,
  });
  (app.getHttpServer() as Server).keepAliveTimeout = SUBGRAPH_KEEP_ALIVE.subgraphIdleMs;
  const limitBytes = options.bodyLimitBytes ?? API_LIMITS.bodyBytes;
  app.use(
    express.json({
      limit: limitBytes,
      verify: (request: RequestWithRawBody, _response, body) => {
        request.rawBody = body;
      },
    }),
    answerBodyErrorsAsJson(limitBytes),
  );
  try {
    // Before init: the relays, consumers and sweepers that init starts find the schema of this release.
    const database = databaseOf(app);
    if (database) await runMigrationsOneAtATime(database);
    await app.init();
  } catch (error) {
    // Whatever connected before the failure (database, NATS, S3) must not keep the process alive.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
