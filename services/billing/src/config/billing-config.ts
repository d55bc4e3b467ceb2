import { randomBytes } from 'node:crypto';
import { env, intEnv, mailConfigFromEnv } from '@gallery/platform';

/**
 * Everything the billing service needs, read once from the environment or handed in whole by a test. The class
 * is also the Nest injection token for that configuration. Without STRIPE_SECRET_KEY the service runs in demo
 * mode: the web app's demo checkout stands in for Stripe's page and drives the same signed-webhook path.
 */
export class BillingConfig {
  /** Interface the service listens on: loopback unless it must be reached from another host (a container). */
  readonly host!: string;
  readonly port!: number;
  readonly databaseUrl!: string;
  readonly natsUrl!: string;
  /** Origin the web app is served from: checkout return URLs and gallery links in mail are built on it. */
  readonly publicUrl!: string;
  /** Stripe's secret API key; absent in demo mode. */
  readonly stripeSecretKey?: string;
  /** The secret webhook signatures are checked with (Stripe's `whsec_...`, or a random one in demo mode). */
  readonly stripeWebhookSecret!: string;
  /** Where Stripe's API is reached instead of api.stripe.com (tests point it at a local server). */
  readonly stripeApiUrl?: string;
  /** SMTP_URL: where receipts are sent. */
  readonly smtpUrl!: string;
  /** MAIL_FROM: the sender of every mail. */
  readonly mailFrom!: string;

  constructor(values: Omit<BillingConfig, 'demo'>) {
    Object.assign(this, values, { publicUrl: values.publicUrl.replace(/\/+$/, '') });
    Object.freeze(this);
  }

  /** No Stripe keys: the demo checkout stands in for Stripe. */
  get demo(): boolean {
    return !this.stripeSecretKey;
  }

  static fromEnv(): BillingConfig {
    const stripeSecretKey = process.env.STRIPE_SECRET_KEY || undefined;
    const mail = mailConfigFromEnv();
    return new BillingConfig({
      host: env('HOST', '127.0.0.1'),
      port: intEnv('PORT', 5103),
      databaseUrl: env('DATABASE_URL'),
      natsUrl: env('NATS_URL'),
      publicUrl: env('PUBLIC_URL', 'http://localhost:5000'),
      stripeSecretKey,
      // With Stripe the secret is Stripe's and must be given; a demo signs its own events with a per-process one.
      stripeWebhookSecret: stripeSecretKey
        ? env('STRIPE_WEBHOOK_SECRET')
        : env('STRIPE_WEBHOOK_SECRET', `whsec_demo_${randomBytes(24).toString('hex')}`),
      stripeApiUrl: process.env.STRIPE_API_URL || undefined,
      smtpUrl: mail.smtpUrl,
      mailFrom: mail.from,
    });
  }
}
