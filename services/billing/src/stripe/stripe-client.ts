import Stripe from 'stripe';
import type { BillingConfig } from '../config/billing-config.js';

/** The Nest token of the service's Stripe client. */
export const STRIPE = Symbol('STRIPE');
export type StripeClient = Stripe;

/**
 * The stripe SDK client. In demo mode it makes no API calls: it only signs and checks webhook events, so a
 * placeholder key is enough. STRIPE_API_URL points it elsewhere than api.stripe.com (a local stand-in in tests).
 */
export function createStripe(config: BillingConfig): StripeClient {
  const api = config.stripeApiUrl ? new URL(config.stripeApiUrl) : undefined;
  return new Stripe(config.stripeSecretKey ?? 'sk_demo_no_api_calls', {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}
