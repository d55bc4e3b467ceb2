import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import Stripe from 'stripe';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  DOMAIN_STREAM,
  galleryCodeFromBytes,
  ownerAuthorizationRequestSchema,
  parseDomainEvent,
  Requests,
  Subjects,
  type DomainEvent,
  type PlanId,
  type Subject,
} from '@gallery/contracts';
import { CLIENT_ADDRESS_HEADER, EventBus } from '@gallery/platform';
import {
  publishAsRelay,
  startTestMailCatcher,
  startTestNats,
  startTestPostgres,
  type TestMailCatcher,
  type TestNats,
  type TestPostgres,
  waitFor,
} from '@gallery/testing';
import { createApp } from '../src/create-app.js';
import { BillingConfig } from '../src/config/billing-config.js';

/*
 * The billing service's test harness: one start-up for every billing test file. It starts PostgreSQL, NATS, a
 * mail catcher and a stand-in for Stripe's API (each unless the file brings its own), a bus, a stand-in for the
 * events service's owner answers, and the billing app on a fresh database; and it holds the helpers the files
 * share: GraphQL calls and signed webhooks as they arrive, a domain event published as a relay does, what billing
 * published.
 *
 *   let billing: BillingHarness | undefined;
 *   beforeAll(async () => {
 *     billing = await startBilling();
 *   });
 *   afterAll(() => billing?.stop());
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
export const PUBLIC_URL = 'https://gallery.test';
export const STRIPE_WEBHOOK_SECRET = 'whsec_test_billing';
/** Only for signing test events: the SDK's signing helper needs a client, which makes no call. */
export const signer = new Stripe('sk_test_signer_only');

export interface GraphQLBody<Data> {
  data?: Data | null;
  errors?: { message: string; extensions: Record<string, unknown> }[];
}

export interface Checkout {
  id: string;
  eventCode: string;
  fromPlan: string;
  plan: string;
  amountCents: number;
  currency: string;
  status: string;
  paymentUrl: string;
  demo: boolean;
}

export const CHECKOUT_FIELDS = 'id eventCode fromPlan plan amountCents currency status paymentUrl demo';
export const START = `mutation Start($code: String!, $plan: Plan!) { startCheckout(eventCode: $code, plan: $plan) { ${CHECKOUT_FIELDS} } }`;
export const PAY_DEMO = `mutation Pay($id: ID!) { payDemoCheckout(id: $id) { ${CHECKOUT_FIELDS} } }`;
export const CANCEL = `mutation Cancel($id: ID!) { cancelCheckout(id: $id) { ${CHECKOUT_FIELDS} } }`;
export const CHECKOUT = `query Checkout($id: ID!) { checkout(id: $id) { ${CHECKOUT_FIELDS} } }`;
export const REFUND = `mutation Refund($code: String!) { requestRefund(eventCode: $code) { eventCode amountCents currency revertedTo refundedAt } }`;
export const REFUNDABLE_UNTIL = `query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on Event { code refundableUntil } } }`;

/** A request the stand-in for Stripe's API received. */
export interface StripeCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

export interface FakeStripe {
  url: string;
  calls: StripeCall[];
  close(): Promise<void>;
}

/** A local HTTP server answering the Stripe API calls billing makes (Checkout Sessions, refunds), recording each. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: StripeCall[] = [];
  const sessions = new Map<string, object>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      calls.push({ method: req.method!, path: req.url!, headers: req.headers, form });
      res.setHeader('Content-Type', 'application/json');
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const key = String(req.headers['idempotency-key']);
        if (!sessions.has(key)) {
          const id = `cs_test_${sessions.size + 1}`;
          sessions.set(key, {
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.test/c/pay/${id}`,
          });
        }
        res.end(JSON.stringify(sessions.get(key)));
      } else if (req.method === 'POST' && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(req.url!)) {
        res.end(
          JSON.stringify({ id: req.url!.split('/')[4], object: 'checkout.session', status: 'expired' }),
        );
      } else if (req.method === 'POST' && req.url === '/v1/refunds') {
        res.end(JSON.stringify({ id: `re_${calls.length}`, object: 'refund', status: 'succeeded' }));
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown' } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface TestGallery {
  code: string;
  plan: PlanId;
  token: string;
  email: string;
}

type ConfigValues = ConstructorParameters<typeof BillingConfig>[0];

export interface BillingHarnessOptions {
  /** The name the harness's bus connects to NATS with. */
  busName?: string;
  /** A PostgreSQL the file shares between harnesses (billing gets a fresh database on it); one of its own if not. */
  postgres?: TestPostgres;
  /**
   * Where billing sends mail: a catcher the file shares, an SMTP URL (a mail server that is not there yet), or a
   * catcher of the harness's own if not.
   */
  mail?: TestMailCatcher | string;
  /** Stripe keys and a stand-in for Stripe's API (true unless told); without them billing runs demo checkouts. */
  stripe?: boolean;
  /** Answers the owner checks billing asks events for, from `galleries` (true unless the real events runs). */
  owners?: boolean;
  /** Settings of billing's own over the harness's. */
  config?: Partial<Omit<ConfigValues, 'host' | 'port' | 'databaseUrl' | 'natsUrl'>>;
  /** Called once the servers are up and before billing starts (to start the events service beside it). */
  beforeStart?: (servers: { postgres: TestPostgres; nats: TestNats }) => Promise<void>;
}

/** Starts the servers and the billing app; the caller stops them in afterAll. */
export async function startBilling(options: BillingHarnessOptions = {}): Promise<BillingHarness> {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse().splice(0)) await step();
  };
  let billing: BillingHarness | undefined;
  try {
    const [postgres, nats, mail, stripe] = await Promise.all([
      options.postgres ?? startTestPostgres(),
      startTestNats(),
      options.mail ?? startTestMailCatcher(),
      options.stripe === false ? undefined : startFakeStripe(),
    ]);
    if (!options.postgres) stops.push(() => postgres.stop());
    stops.push(() => nats.stop());
    if (!options.mail) stops.push(() => (mail as TestMailCatcher).stop());
    if (stripe) stops.push(() => stripe.close());
    const config = new BillingConfig({
      host: '127.0.0.1',
      port: 0,
      databaseUrl: await postgres.createDatabase(),
      natsUrl: nats.url,
      publicUrl: PUBLIC_URL,
      ...(stripe
        ? {
            stripeSecretKey: 'sk_test_billing',
            stripeWebhookSecret: STRIPE_WEBHOOK_SECRET,
            stripeApiUrl: stripe.url,
          }
        : { stripeWebhookSecret: `whsec_demo_${randomUUID()}` }),
      smtpUrl: typeof mail === 'string' ? mail : mail.smtpUrl,
      mailFrom: 'Wedding Gallery <hello@gallery.test>',
      ...options.config,
    });
    await options.beforeStart?.({ postgres, nats });
    billing = new BillingHarness(
      { postgres, nats, mail: typeof mail === 'string' ? undefined : mail, stripe, config },
      stop,
    );
    await billing.start(options.busName ?? 'billing-test', options.owners ?? true);
    return billing;
  } catch (error) {
    await (billing ? billing.stop() : stop());
    throw error;
  }
}

/**
 * One billing service on its own NATS and database, with a stand-in for the events service's owner
 * authorization responder unless the real events service answers.
 */
export class BillingHarness {
  app!: INestApplication;
  dataSource!: DataSource;
  bus!: EventBus;
  readonly galleries = new Map<string, TestGallery>();
  readonly postgres: TestPostgres;
  readonly nats: TestNats;
  /** The mail catcher billing sends to, unless it was given an SMTP URL. */
  readonly mail: TestMailCatcher | undefined;
  /** The stand-in for Stripe's API, when billing has Stripe keys. */
  readonly stripe: FakeStripe | undefined;
  readonly config: BillingConfig;

  constructor(
    parts: {
      postgres: TestPostgres;
      nats: TestNats;
      mail: TestMailCatcher | undefined;
      stripe: FakeStripe | undefined;
      config: BillingConfig;
    },
    private readonly stopServers: () => Promise<void>,
  ) {
    ({
      postgres: this.postgres,
      nats: this.nats,
      mail: this.mail,
      stripe: this.stripe,
      config: this.config,
    } = parts);
  }

  async start(busName: string, owners: boolean): Promise<void> {
    this.bus = await EventBus.connect(this.nats.url, busName);
    if (owners) this.answerOwnerChecks();
    await this.startApp();
  }

  private answerOwnerChecks(): void {
    this.bus.nc.subscribe(Requests.OwnerAuthorization, {
      callback: (_error, message) => {
        const asked = ownerAuthorizationRequestSchema.parse(message.json());
        const gallery = this.galleries.get(asked.code);
        const now = new Date();
        message.respond(
          JSON.stringify({
            gallery: gallery
              ? {
                  code: gallery.code,
                  name: 'Sarah & Mike',
                  plan: gallery.plan,
                  createdAt: now.toISOString(),
                  expiresAt: new Date(now.getTime() + 7 * DAY_MS).toISOString(),
                }
              : null,
            owner:
              gallery && asked.authorization === `Bearer ${gallery.token}` ? { email: gallery.email } : null,
          }),
        );
      },
    });
  }

  private async startApp(): Promise<void> {
    this.app = await createApp(this.config, { logger: ['error'] });
    this.dataSource = this.app.get(DataSource);
  }

  async closeApp(): Promise<void> {
    await this.app?.close();
  }

  /** Closes billing (a kill before it published) and starts it again on the same database. */
  async restart(): Promise<void> {
    await this.closeApp();
    await this.startApp();
  }

  /** Publishes a domain event as another service's outbox relay does (sent again, same id, while unanswered). */
  publish(event: DomainEvent): Promise<void> {
    return publishAsRelay(this.bus, event);
  }

  /** Ends the gallery (event.expired) and waits until billing has purged it: `checkoutId` no longer names it. */
  async purge(code: string, checkoutId: string): Promise<void> {
    await this.publish({
      id: randomUUID(),
      type: Subjects.EventExpired,
      occurredAt: new Date().toISOString(),
      data: { code, reason: 'deleted' },
    });
    await waitFor(
      'the purge',
      async () =>
        (
          await this.dataSource.query('SELECT 1 FROM checkouts WHERE id = $1 AND event_code IS NULL', [
            checkoutId,
          ])
        ).length === 1,
    );
  }

  async stop(): Promise<void> {
    await this.closeApp();
    await this.bus?.close();
    await this.stopServers();
  }

  gallery(plan: PlanId = 'free'): TestGallery {
    const code = galleryCodeFromBytes(randomBytes(8));
    const gallery = {
      code,
      plan,
      token: randomBytes(32).toString('base64url'),
      email: `${code.toLowerCase()}@example.com`,
    };
    this.galleries.set(code, gallery);
    return gallery;
  }

  async graphql<Data>(
    query: string,
    variables: object = {},
    options: { token?: string; language?: string; client?: string } = {},
  ): Promise<GraphQLBody<Data>> {
    const call = request(this.app.getHttpServer())
      .post('/graphql')
      .set(CLIENT_ADDRESS_HEADER, options.client ?? `client-${randomUUID()}`)
      .send({ query, variables });
    if (options.token) call.set('Authorization', `Bearer ${options.token}`);
    if (options.language) call.set('Accept-Language', options.language);
    const response = await call;
    return response.body as GraphQLBody<Data>;
  }

  async startCheckout(gallery: TestGallery, plan: string, language?: string): Promise<Checkout> {
    const body = await this.graphql<{ startCheckout: Checkout }>(
      START,
      { code: gallery.code, plan },
      { token: gallery.token, language },
    );
    expect(body.errors).toBeUndefined();
    return body.data!.startCheckout;
  }

  webhook(payload: string, signature?: string) {
    const call = request(this.app.getHttpServer())
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json');
    if (signature) call.set('Stripe-Signature', signature);
    return call.send(payload);
  }

  async outboxPublished(): Promise<boolean> {
    const [{ pending }] = (await this.dataSource.query(
      'SELECT count(*)::int AS pending FROM outbox_events',
    )) as { pending: number }[];
    return pending === 0;
  }

  /** Every event of `subject` in JetStream, read from the start of the stream. */
  async published<S extends Subject>(subject: S): Promise<DomainEvent<S>[]> {
    const consumer = await this.bus.js.consumers.get(DOMAIN_STREAM, { filter_subjects: subject });
    const found: DomainEvent<S>[] = [];
    try {
      for (;;) {
        const message = await consumer.next({ expires: 1000 });
        if (!message) break;
        found.push(parseDomainEvent(message.data) as DomainEvent<S>);
      }
    } finally {
      await consumer.delete().catch(() => undefined);
    }
    return found;
  }

  /** The events of `subject` about gallery `code`, once the outbox has published all it holds. */
  async publishedFor<S extends Subject>(subject: S, code: string): Promise<DomainEvent<S>[]> {
    await waitFor('the outbox to be published', () => this.outboxPublished());
    return (await this.published(subject)).filter(
      (event) => (event.data as { eventCode: string }).eventCode === code,
    );
  }
}

export function signedEvent(type: string, object: Record<string, unknown>, id = `evt_${randomUUID()}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  return {
    id,
    payload,
    signature: signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }),
  };
}

export function sessionCompleted(checkout: Checkout, paymentIntent = `pi_${randomUUID().slice(0, 8)}`) {
  return signedEvent('checkout.session.completed', {
    id: `cs_${checkout.id}`,
    object: 'checkout.session',
    client_reference_id: checkout.id,
    metadata: { checkoutId: checkout.id },
    amount_total: checkout.amountCents,
    currency: checkout.currency,
    payment_status: 'paid',
    payment_intent: paymentIntent,
  });
}

export function chargeRefunded(paymentIntent: string) {
  return signedEvent('charge.refunded', {
    id: `ch_${randomUUID().slice(0, 8)}`,
    object: 'charge',
    payment_intent: paymentIntent,
    refunded: true,
  });
}
