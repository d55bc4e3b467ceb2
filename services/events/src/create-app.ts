import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplication, LogLevel } from '@nestjs/common';
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
  const app = await NestFactory.create(AppModule.forRoot(config), { logger: options.logger });
  await app.init();
  return app;
}
