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

/**
 * Builds a service from its root module, initialised (migrations run, one replica at a time; NATS connected,
 * consumers started) but not listening: main.ts listens on the configured host and port, tests listen where they
 * like. Every service gets the product's one body limit with JSON refusals (larger only on the routes named in
 * `largeBodyRoutes`), the raw bytes of each body for signature checks, and keeps the gateway's idle connections
 * longer than the gateway does (SUBGRAPH_KEEP_ALIVE).
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
