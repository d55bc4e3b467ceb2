import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ownerAuthorizationReplySchema,
  Requests,
  Subjects,
  UNPAID_ORDER_HOURS,
  type DomainEvent,
} from '@gallery/contracts';
import { waitFor } from '@gallery/testing';
import { GalleryEndings } from '../src/galleries/gallery-endings.js';
import { startEvents, type EventsHarness } from './harness.js';

const HOUR_MS = 60 * 60 * 1000;

const CREATE = `mutation Create($input: CreateGalleryInput!) {
  createGallery(input: $input) { event { code } ownerToken sessionToken paymentRequired }
}`;
const MY_EVENTS = '{ myEvents { code plan } }';

/**
 * An order on a paid plan whose checkout is abandoned: its gallery is on no dashboard as a Free gallery while it
 * waits for the payment, and is gone with its order once UNPAID_ORDER_HOURS pass unpaid.
 */
describe('events service: a paid order before its payment', () => {
  let events: EventsHarness | undefined;

  async function graphql<Data>(query: string, variables: object = {}, token?: string): Promise<Data> {
    const body = await events!.graphql<Data>(query, variables, token);
    expect(body.errors).toBeUndefined();
    return body.data!;
  }

  async function order(email: string, plan: 'FREE' | 'STANDARD' | 'PREMIUM') {
    const { createGallery } = await graphql<{
      createGallery: { event: { code: string }; ownerToken: string; sessionToken: string };
    }>(CREATE, {
      input: {
        coupleNames: 'Emma & Noah',
        weddingDate: '2027-06-12',
        location: 'Lyon, France',
        email,
        phone: '+33 6 12 34 56 78',
        plan,
      },
    });
    return {
      code: createGallery.event.code,
      ownerToken: createGallery.ownerToken,
      session: createGallery.sessionToken,
    };
  }

  const dashboard = async (session: string) =>
    (await graphql<{ myEvents: { code: string; plan: string }[] }>(MY_EVENTS, {}, session)).myEvents;

  const askOwner = async (code: string, ownerToken: string) =>
    ownerAuthorizationReplySchema.parse(
      (
        await events!.bus.nc.request(
          Requests.OwnerAuthorization,
          JSON.stringify({ code, authorization: `Bearer ${ownerToken}` }),
          { timeout: 5000 },
        )
      ).json(),
    ).owner;

  async function pay(code: string, plan: 'standard' | 'premium'): Promise<void> {
    const event: DomainEvent<'payment.succeeded'> = {
      id: randomUUID(),
      type: Subjects.PaymentSucceeded,
      occurredAt: new Date().toISOString(),
      data: {
        paymentId: randomUUID(),
        eventCode: code,
        fromPlan: 'free',
        plan,
        amountCents: 4900,
        currency: 'usd',
        paidAt: new Date().toISOString(),
      },
    };
    await events!.publish(event);
  }

  const exists = async (code: string) =>
    ((await events!.db.query('SELECT 1 FROM events WHERE code = $1', [code])) as unknown[]).length > 0;

  beforeAll(async () => {
    // The test runs the endings itself.
    events = await startEvents({
      busName: 'unpaid-orders-test',
      config: { galleryEndingsIntervalMs: 24 * HOUR_MS },
    });
  });

  afterAll(() => events?.stop());

  it('keeps an unpaid Standard order off the dashboard until it is paid, then shows it on Standard', async () => {
    const email = `couple-${randomUUID()}@example.com`;
    const free = await order(email, 'FREE');
    const standard = await order(email, 'STANDARD');

    expect(await dashboard(standard.session)).toEqual([{ code: free.code, plan: 'FREE' }]);
    expect(await askOwner(standard.code, standard.ownerToken)).toEqual({ email, awaitingPlan: 'standard' });
    expect(await askOwner(free.code, free.ownerToken)).toEqual({ email, awaitingPlan: null });

    await pay(standard.code, 'standard');
    await waitFor('the paid gallery on the dashboard', async () =>
      (await dashboard(standard.session)).some((event) => event.code === standard.code),
    );
    expect(await dashboard(standard.session)).toEqual([
      { code: standard.code, plan: 'STANDARD' },
      { code: free.code, plan: 'FREE' },
    ]);
    expect(await askOwner(standard.code, standard.ownerToken)).toEqual({ email, awaitingPlan: null });
  });

  it(`deletes a paid order's gallery still unpaid ${UNPAID_ORDER_HOURS} hours later, and nothing else`, async () => {
    const email = `couple-${randomUUID()}@example.com`;
    const free = await order(email, 'FREE');
    const abandoned = await order(email, 'PREMIUM');
    const paid = await order(email, 'STANDARD');
    await pay(paid.code, 'standard');
    await waitFor('the payment applied', async () => (await dashboard(paid.session)).length === 2);
    const endings = events!.app.get(GalleryEndings);

    await endings.runOnce(new Date(Date.now() + (UNPAID_ORDER_HOURS - 1) * HOUR_MS));
    expect(await exists(abandoned.code)).toBe(true);

    await endings.runOnce(new Date(Date.now() + (UNPAID_ORDER_HOURS + 1) * HOUR_MS));
    expect(await exists(abandoned.code)).toBe(false);
    expect(await exists(free.code)).toBe(true);
    expect(await exists(paid.code)).toBe(true);
    expect((await dashboard(free.session)).map((event) => event.code).sort()).toEqual(
      [free.code, paid.code].sort(),
    );
  });
});
