import type { INestApplication } from '@nestjs/common';
import { API_LIMITS } from '@gallery/contracts';
import { createServiceApp, type ServiceAppOptions } from '@gallery/platform';
import { AppModule } from './app.module.js';
import { STRIPE_WEBHOOK_PATH } from './payments/stripe-webhook.controller.js';
import type { BillingConfig } from './config/billing-config.js';

/**
 * The billing service, initialised but not listening, so main.ts and the integration tests boot the very same
 * app. The Stripe webhook has its own body limit (Stripe events can be larger than a GraphQL request); GraphQL
 * keeps the product's one.
 */
export function createApp(config: BillingConfig, options?: ServiceAppOptions): Promise<INestApplication> {
  return createServiceApp(AppModule.forRoot(config), {
    largeBodyRoutes: [
      { path: STRIPE_WEBHOOK_PATH, limitBytes: API_LIMITS.webhookBodyBytes, what: 'webhook body' },
    ],
    ...options,
  });
}
