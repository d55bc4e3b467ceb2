import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplication, LogLevel } from '@nestjs/common';
import { json } from 'express';
import { API_LIMITS } from '@gallery/contracts';
import { answerBodyErrorsAsJson } from '@gallery/platform';
import { AppModule } from './app.module.js';
import type { EventsConfig } from './config/events-config.js';

/**
 * Builds the events service (migrations run, NATS connected, outbox relay started) without listening, so
 * main.ts and the integration tests boot the very same app.
 */
export async function createApp(
  config: EventsConfig,
  options: { logger?: LogLevel[] | false } = {},
): Promise<INestApplication> {
  // Our own JSON parser, so that the body limit is the product's and a refused body gets a JSON answer.
  const app = await NestFactory.create(AppModule.forRoot(config), {
    logger: options.logger,
    bodyParser: false,
  });
  app.use(json({ limit: API_LIMITS.bodyBytes }), answerBodyErrorsAsJson);
  await app.init();
  return app;
}
