import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  DOMAIN_STREAM,
  expiryDate,
  ownerAuthorizationReplySchema,
  parseDomainEvent,
  Requests,
  Subjects,
  type DomainEvent,
  type PaymentRefundedData,
  type PaymentSucceededData,
  type PlanId,
  type PlanUpgradedData,
} from '@gallery/contracts';
import { caughtMail } from '@gallery/local-servers';
import { durableName, type EventBus } from '@gallery/platform';
import { waitFor, type TestMailCatcher } from '@gallery/testing';
import { startEvents, type EventsHarness } from './harness.js';

const CREATE_GALLERY = `mutation Create($input: CreateGalleryInput!) {
  createGallery(input: $input) { event { code plan createdAt expiresAt } ownerToken paymentRequired }
}`;

interface Created {
  event: { code: string; plan: string; createdAt: string; expiresAt: string };
  ownerToken: string;
  paymentRequired: boolean;
}

describe('events service: owner checks, payments and the order confirmation', () => {
  let events: EventsHarness | undefined;
  let bus: EventBus | undefined;
  let mail: TestMailCatcher | undefined;

  const db = () => events!.db;

  async function createGallery(input: Record<string, unknown> = {}): Promise<Created> {
    const response = await events!.post(CREATE_GALLERY, {
      input: {
        coupleNames: 'Sarah & Mike',
        weddingDate: '2027-06-12',
        location: 'Lyon, France',
        email: `couple-${randomUUID()}@example.com`,
        phone: '+33 6 12 34 56 78',
        plan: 'FREE',
        ...input,
      },
    });
    expect(response.body.errors).toBeUndefined();
    return response.body.data.createGallery as Created;
  }

  async function gallery(code: string): Promise<{ plan: PlanId; expires_at: Date }> {
    const [row] = await db().query('SELECT plan, expires_at FROM events WHERE code = $1', [code]);
    return row;
  }

  function payment(code: string, plan: PlanId, fromPlan: PlanId = 'free'): PaymentSucceededData {
    return {
      paymentId: randomUUID(),
      eventCode: code,
      fromPlan,
      plan,
      amountCents: 4900,
      currency: 'usd',
      paidAt: new Date().toISOString(),
    };
  }

  function envelope<S extends 'payment.succeeded' | 'payment.refunded'>(
    type: S,
    data: DomainEvent<S>['data'],
  ): DomainEvent<S> {
    return { id: randomUUID(), type, occurredAt: new Date().toISOString(), data };
  }

  /** Publishes without a message id, so JetStream stores every copy: a real redelivery of the same event. */
  async function publishRaw(event: DomainEvent): Promise<void> {
    await bus!.js.publish(event.type, JSON.stringify(event));
  }

  async function processedMarks(eventId: string): Promise<number> {
    const rows: unknown[] = await db().query(
      `SELECT 1 FROM processed_events WHERE consumer = 'events-payments' AND event_id = $1`,
      [eventId],
    );
    return rows.length;
  }

  /** Waits until the payments consumer has handled and acked everything JetStream holds for it. */
  async function paymentsDrained(): Promise<void> {
    const durable = durableName('events-payments', [
      Subjects.PaymentSucceeded,
      Subjects.PaymentRefunded,
      Subjects.CreditRedeemed,
    ]);
    await waitFor('the payments consumer to catch up', async () => {
      const info = await (await bus!.js.consumers.get(DOMAIN_STREAM, durable)).info();
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
  }

  async function planUpgradedFor(paymentId: string, reason: 'payment' | 'refund'): Promise<PlanUpgradedData> {
    const consumer = await bus!.js.consumers.get(DOMAIN_STREAM, { filter_subjects: Subjects.PlanUpgraded });
    return waitFor(`plan.upgraded (${reason}) for ${paymentId}`, async () => {
      const message = await consumer.next({ expires: 1000 });
      if (!message) return null;
      const { data } = parseDomainEvent(message.data) as DomainEvent<'plan.upgraded'>;
      return data.paymentId === paymentId && data.reason === reason ? data : null;
    });
  }

  beforeAll(async () => {
    events = await startEvents({ busName: 'events-test-billing', mail: true });
    ({ bus, mail } = events);
  });

  afterAll(() => events?.stop());

  describe('owner authorization over NATS', () => {
    const ask = async (body: unknown) =>
      ownerAuthorizationReplySchema.parse(
        (await bus!.nc.request(Requests.OwnerAuthorization, JSON.stringify(body), { timeout: 5000 })).json(),
      );

    it("answers the owner with the gallery and the order's email, a stranger with the gallery only", async () => {
      const created = await createGallery({ email: 'owner@example.com' });
      const described = {
        code: created.event.code,
        name: 'Sarah & Mike',
        plan: 'free',
        createdAt: created.event.createdAt,
        expiresAt: created.event.expiresAt,
      };

      expect(await ask({ code: created.event.code, authorization: `Bearer ${created.ownerToken}` })).toEqual({
        gallery: described,
        owner: { email: 'owner@example.com', awaitingPlan: null },
      });
      const other = await createGallery();
      expect(await ask({ code: created.event.code, authorization: `Bearer ${other.ownerToken}` })).toEqual({
        gallery: described,
        owner: null,
      });
      expect(await ask({ code: created.event.code })).toEqual({ gallery: described, owner: null });
      expect(await ask({ code: created.event.code, authorization: created.ownerToken })).toEqual({
        gallery: described,
        owner: null,
      });
    });

    it('names no gallery for an unknown code or a malformed request', async () => {
      const created = await createGallery();
      const nobody = { gallery: null, owner: null };
      expect(await ask({ code: 'HAPPYYYY', authorization: `Bearer ${created.ownerToken}` })).toEqual(nobody);
      expect(await ask({ code: "'; DROP TABLE events; --" })).toEqual(nobody);
      expect(await ask({ code: created.event.code, authorization: 'x'.repeat(5000) })).toEqual(nobody);
      expect(await ask('not an object')).toEqual(nobody);
      const raw = await bus!.nc.request(Requests.OwnerAuthorization, 'not json', { timeout: 5000 });
      expect(raw.json()).toEqual(nobody);
    });
  });

  describe('payments', () => {
    it('applies a payment once when the same event is delivered twice, and fulfils the order', async () => {
      const created = await createGallery({ plan: 'STANDARD' });
      const paid = payment(created.event.code, 'standard');
      const event = envelope(Subjects.PaymentSucceeded, paid);

      await publishRaw(event);
      await publishRaw(event);

      const upgraded = await planUpgradedFor(paid.paymentId, 'payment');
      await paymentsDrained();
      const expected = expiryDate('standard', '2027-06-12', new Date(created.event.createdAt));
      expect(upgraded).toEqual({
        code: created.event.code,
        previousPlan: 'free',
        plan: 'standard',
        expiresAt: expected.toISOString(),
        reason: 'payment',
        paymentId: paid.paymentId,
      });
      expect(await gallery(created.event.code)).toEqual({ plan: 'standard', expires_at: expected });
      expect(await processedMarks(event.id)).toBe(1);
      const applied: unknown[] = await db().query('SELECT * FROM applied_payments WHERE event_code = $1', [
        created.event.code,
      ]);
      expect(applied).toEqual([
        expect.objectContaining({ payment_id: paid.paymentId, previous_plan: 'free', plan: 'standard' }),
      ]);
      const [order] = await db().query('SELECT status FROM orders WHERE event_code = $1', [
        created.event.code,
      ]);
      expect(order.status).toBe('fulfilled');
    });

    it('changes nothing for a second payment of the same upgrade', async () => {
      const created = await createGallery();
      const first = payment(created.event.code, 'premium');
      const second = payment(created.event.code, 'premium');
      const secondEvent = envelope(Subjects.PaymentSucceeded, second);

      await events!.publish(envelope(Subjects.PaymentSucceeded, first));
      await planUpgradedFor(first.paymentId, 'payment');
      const before = await gallery(created.event.code);
      await events!.publish(secondEvent);

      await waitFor(
        'the second payment to be handled',
        async () => (await processedMarks(secondEvent.id)) > 0,
      );
      expect(await gallery(created.event.code)).toEqual(before);
      const applied: unknown[] = await db().query('SELECT 1 FROM applied_payments WHERE payment_id = $1', [
        second.paymentId,
      ]);
      expect(applied).toEqual([]);
    });

    it('reverts plan and expiry exactly on refund, keeping what the gallery had before', async () => {
      const created = await createGallery();
      const standard = payment(created.event.code, 'standard');
      await events!.publish(envelope(Subjects.PaymentSucceeded, standard));
      await planUpgradedFor(standard.paymentId, 'payment');
      const onStandard = await gallery(created.event.code);
      const premium = payment(created.event.code, 'premium', 'standard');
      await events!.publish(envelope(Subjects.PaymentSucceeded, premium));
      await planUpgradedFor(premium.paymentId, 'payment');
      expect((await gallery(created.event.code)).plan).toBe('premium');

      const refund: PaymentRefundedData = {
        paymentId: premium.paymentId,
        eventCode: created.event.code,
        plan: 'premium',
        revertTo: 'standard',
        amountCents: 5000,
        currency: 'usd',
        refundedAt: new Date().toISOString(),
      };
      await events!.publish(envelope(Subjects.PaymentRefunded, refund));

      const reverted = await planUpgradedFor(premium.paymentId, 'refund');
      expect(reverted).toEqual({
        code: created.event.code,
        previousPlan: 'premium',
        plan: 'standard',
        expiresAt: onStandard.expires_at.toISOString(),
        reason: 'refund',
        paymentId: premium.paymentId,
      });
      expect(await gallery(created.event.code)).toEqual(onStandard);
    });

    it('keeps the plan when the refunded payment is no longer what the plan rests on, or was never applied', async () => {
      const created = await createGallery();
      const standard = payment(created.event.code, 'standard');
      await events!.publish(envelope(Subjects.PaymentSucceeded, standard));
      await planUpgradedFor(standard.paymentId, 'payment');
      const premium = payment(created.event.code, 'premium', 'standard');
      await events!.publish(envelope(Subjects.PaymentSucceeded, premium));
      await planUpgradedFor(premium.paymentId, 'payment');
      const onPremium = await gallery(created.event.code);
      const refundOf = (paymentId: string): PaymentRefundedData => ({
        paymentId,
        eventCode: created.event.code,
        plan: 'standard',
        revertTo: 'free',
        amountCents: 4900,
        currency: 'usd',
        refundedAt: new Date().toISOString(),
      });

      const overtaken = envelope(Subjects.PaymentRefunded, refundOf(standard.paymentId));
      const neverApplied = envelope(Subjects.PaymentRefunded, refundOf(randomUUID()));
      await events!.publish(overtaken);
      await events!.publish(neverApplied);
      await waitFor('both refunds to be handled', async () => {
        return (await processedMarks(overtaken.id)) + (await processedMarks(neverApplied.id)) === 2;
      });

      expect(await gallery(created.event.code)).toEqual(onPremium);
      const reverts: unknown[] = await db().query(
        `SELECT 1 FROM outbox_events WHERE subject = 'plan.upgraded' AND envelope->'data'->>'code' = $1
         AND envelope->'data'->>'reason' = 'refund'`,
        [created.event.code],
      );
      expect(reverts).toEqual([]);
    });

    it('applies a payment published while the service was down, once, after it starts', async () => {
      const created = await createGallery({ plan: 'PREMIUM' });
      const paid = payment(created.event.code, 'premium');
      const event = envelope(Subjects.PaymentSucceeded, paid);
      await events!.restart(() => events!.publish(event));

      await waitFor(
        'the plan to be applied',
        async () => (await gallery(created.event.code)).plan === 'premium',
      );
      const { expires_at } = await gallery(created.event.code);
      expect(expires_at).toEqual(expiryDate('premium', '2027-06-12', new Date(created.event.createdAt)));
      expect(await processedMarks(event.id)).toBe(1);
      await planUpgradedFor(paid.paymentId, 'payment');
    });
  });

  describe('order confirmation', () => {
    async function mailTo(address: string) {
      return waitFor(`mail to ${address}`, async () =>
        (await caughtMail(mail!.webUrl)).find((message) => message.to.some((to) => to.address === address)),
      );
    }

    it('mails a paid order once, when its payment is applied, with the code, the link and the plan', async () => {
      const email = `standard-${randomUUID()}@example.com`;
      const created = await createGallery({ plan: 'STANDARD', email });
      // A Free order placed after it is mailed at once: the paid one, still unpaid, was not.
      const freeEmail = `free-${randomUUID()}@example.com`;
      await createGallery({ email: freeEmail });
      await mailTo(freeEmail);
      expect(
        (await caughtMail(mail!.webUrl)).filter((message) => message.to.some((to) => to.address === email)),
      ).toEqual([]);

      const paid = payment(created.event.code, 'standard');
      await publishRaw(envelope(Subjects.PaymentSucceeded, paid));
      const message = await mailTo(email);
      expect(message.subject).toContain(created.event.code);
      expect(message.text).toContain(`Gallery code: ${created.event.code}`);
      expect(message.text).toContain(`https://gallery.test/gallery/${created.event.code}`);
      expect(message.text).toContain('Package: Standard ($49.00)');
      expect(message.text).not.toContain('pending');
      expect(message.text).toContain(
        'Manage your galleries and download the photos: https://gallery.test/dashboard',
      );
      // The QR code, attached as a PNG under its content id: the mail catcher shows it in place of the cid: link.
      expect(message.html).toContain(`alt="https://gallery.test/gallery/${created.event.code}"`);
      expect(message.html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]{500,}"/);
      // One mail from this service for the order: its confirmation, no plan change on top of it (one handler
      // sends either).
      const toCouple = (await caughtMail(mail!.webUrl)).filter((caught) =>
        caught.to.some((to) => to.address === email),
      );
      expect(toCouple.map((caught) => caught.subject)).toEqual([message.subject]);
    });

    it('writes in French when the order was placed in French, without a payment line for Free', async () => {
      const email = `fr-${randomUUID()}@example.com`;
      const created = await createGallery({ email, language: 'fr' });

      const message = await mailTo(email);
      expect(message.subject).toBe(`Votre galerie de mariage ${created.event.code} est prête`);
      expect(message.text).toContain(`Code de la galerie : ${created.event.code}`);
      // The gallery is in French too: its link opens it in French.
      expect(message.text).toContain(`https://gallery.test/fr/gallery/${created.event.code}`);
      expect(message.text).toContain('Formule : Gratuite');
      expect(message.text).not.toContain('paiement');
    });

    it('refuses a language the mail is not written in', async () => {
      const response = await events!.post(CREATE_GALLERY, {
        input: {
          coupleNames: 'Sarah & Mike',
          weddingDate: '2027-06-12',
          location: 'Lyon, France',
          email: 'a@example.com',
          phone: '+33 6 12 34 56 78',
          plan: 'FREE',
          language: 'de',
        },
      });
      expect(response.body.errors?.[0].extensions.code).toBe('VALIDATION_FAILED');
    });
  });
});
