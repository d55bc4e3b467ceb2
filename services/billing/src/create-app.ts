import type { INestApplication } from '@nestjs/common';
import { API_LIMITS } from '@gallery/contracts';
import { createServiceApp, type ServiceAppOptions } from '@gallery/platform';
import { AppModule } from './app.module.js';
import type { BillingConfig } from './config/billing-config.js';

/**
 * The billing service, initialised but not listening, so main.ts and the integration tests boot the very same
 * app. Its body limit is the webhook one: Stripe events can be larger than a GraphQL request.
 */
export function createApp(config: BillingConfig, options?: ServiceAppOptions): Promise<INestApplication> {
  return createServiceApp(AppModule.forRoot(config), {
    bodyLimitBytes: API_LIMITS.webhookBodyBytes,
    ...options,
  });
}
