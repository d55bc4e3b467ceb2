import type { INestApplication, LoggerService, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { json } from 'express';
import { API_LIMITS } from '@gallery/contracts';
import { answerBodyErrorsAsJson } from '@gallery/platform';
import { AppModule } from './app.module.js';
import type { MediaConfig } from './config/media-config.js';

/**
 * The media service, initialised (migrations run, bucket ready, consumer started) but not listening: main.ts
 * listens on the configured port, tests listen where they like or use the HTTP server directly.
 */
export async function createMediaApp(
  config: MediaConfig,
  options: { logger?: LoggerService | LogLevel[] | false } = {},
): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config), {
    logger: options.logger,
    bodyParser: false,
  });
  // The product's one body limit; a larger or malformed body is refused with a JSON answer and no stack.
  app.use(json({ limit: API_LIMITS.bodyBytes }), answerBodyErrorsAsJson);
  try {
    await app.init();
  } catch (error) {
    // Whatever connected before the failure (database, NATS, S3) must not keep the process alive.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
