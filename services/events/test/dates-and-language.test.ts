import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  DOMAIN_STREAM,
  parseDomainEvent,
  Subjects,
  type DomainEvent,
  type PaymentSucceededData,
  type PlanUpgradedData,
} from '@gallery/contracts';
import { caughtMail } from '@gallery/local-servers';
import { waitFor } from '@gallery/testing';
import { StorageFromWeddingDay1798000000000 } from '../src/database/migrations/1798000000000-storage-from-wedding-day.migration.js';
import { startEvents, type EventsHarness } from './harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const CREATE = `mutation Create($input: CreateGalleryInput!) {
  createGallery(input: $input) { event { code createdAt expiresAt language } ownerToken galleryUrl }
}`;
const UPDATE = `mutation U($code: String!, $weddingDate: String!) {
  updateEvent(code: $code, input: { coupleNames: "Sarah & Mike", weddingDate: $weddingDate, location: "Lyon, France" }) {
    weddingDate expiresAt
  }
}`;

/** The calendar day `days` from now, as the order form sends it. */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
}

/** 00:00 UTC on the day after `day`: when that day ends. */
function endOf(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`) + DAY_MS;
}

describe('events service: storage dates that follow the wedding, and the gallery language', () => {
  let events: EventsHarness | undefined;

  const db = () => events!.db;

  const answer = async (query: string, variables: object, token?: string) =>
    (await events!.graphql(query, variables, token)) as {
      data?: Record<string, never>;
      errors?: { extensions: { code: string } }[];
    };

  async function graphql(query: string, variables: object, token?: string) {
    const body = await answer(query, variables, token);
    expect(body.errors).toBeUndefined();
    return body.data!;
  }

  async function order(
    weddingDate: string,
    email = `couple-${randomUUID()}@example.com`,
    language: 'en' | 'fr' | 'es' = 'en',
  ) {
    const data = await graphql(CREATE, {
      input: {
        coupleNames: 'Sarah & Mike',
        weddingDate,
        location: 'Lyon, France',
        email,
        phone: '+33 6 12 34 56 78',
        plan: 'FREE',
        language,
      },
    });
    return data.createGallery as {
      event: { code: string; createdAt: string; expiresAt: string; language: string };
      ownerToken: string;
      galleryUrl: string;
    };
  }

  async function mailTo(email: string) {
    return waitFor(`mail to ${email}`, async () =>
      (await caughtMail(events!.mail!.webUrl)).find((caught) => caught.to.some((to) => to.address === email)),
    );
  }

  async function expiryOf(code: string): Promise<Date> {
    const [row] = await db().query('SELECT expires_at FROM events WHERE code = $1', [code]);
    return row.expires_at as Date;
  }

  /** The `plan.upgraded` (reason wedding-date) published for gallery `code`, as the other services receive it. */
  async function weddingDateChange(code: string): Promise<PlanUpgradedData> {
    const consumer = await events!.bus.js.consumers.get(DOMAIN_STREAM, {
      filter_subjects: Subjects.PlanUpgraded,
    });
    return waitFor(`plan.upgraded (wedding-date) for ${code}`, async () => {
      for (;;) {
        const message = await consumer.next({ expires: 1000 });
        if (!message) return null;
        const { data } = parseDomainEvent(message.data) as DomainEvent<'plan.upgraded'>;
        if (data.code === code && data.reason === 'wedding-date') return data;
      }
    });
  }

  beforeAll(async () => {
    events = await startEvents({ busName: 'events-test-wedding-dates', mail: true });
  });

  afterAll(() => events?.stop());

  it('keeps a Free gallery ordered eight days before its wedding for 7 days after the wedding', async () => {
    const wedding = dayFromNow(8);
    const email = `early-${randomUUID()}@example.com`;
    const created = await order(wedding, email);

    expect(Date.parse(created.event.expiresAt)).toBe(endOf(wedding) + 7 * DAY_MS);
    expect(Date.parse(created.event.expiresAt)).toBeGreaterThan(endOf(wedding));
    const message = await mailTo(email);
    const lastDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(endOf(wedding) + 6 * DAY_MS),
    );
    expect(message.text).toContain(`Guests can add photos from today until ${lastDay}.`);
  });

  it('counts a gallery ordered after its wedding from the order', async () => {
    const created = await order(dayFromNow(-3));
    expect(Date.parse(created.event.expiresAt) - Date.parse(created.event.createdAt)).toBe(7 * DAY_MS);
  });

  it('counts a Standard upgrade from the wedding day, not from the payment', async () => {
    const wedding = dayFromNow(20);
    const email = `upgrade-${randomUUID()}@example.com`;
    const created = await order(wedding, email);
    const paid: PaymentSucceededData = {
      paymentId: randomUUID(),
      eventCode: created.event.code,
      fromPlan: 'free',
      plan: 'standard',
      amountCents: 4900,
      currency: 'usd',
      paidAt: new Date().toISOString(),
    };
    const event: DomainEvent<'payment.succeeded'> = {
      id: randomUUID(),
      type: Subjects.PaymentSucceeded,
      occurredAt: paid.paidAt,
      data: paid,
    };
    await events!.publish(event);

    const expected = new Date(endOf(wedding) + 30 * DAY_MS);
    await waitFor('the upgrade to apply', async () => {
      const [row] = await db().query('SELECT plan FROM events WHERE code = $1', [created.event.code]);
      return row.plan === 'standard';
    });
    expect(await expiryOf(created.event.code)).toEqual(expected);
    const lastDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(expected.getTime() - 1),
    );
    const upgraded = await waitFor('the upgrade mail', async () =>
      (await caughtMail(events!.mail!.webUrl)).find(
        (caught) => caught.to.some((to) => to.address === email) && caught.subject.includes('Standard'),
      ),
    );
    expect(upgraded.subject).toBe(`Your gallery ${created.event.code} is now on the Standard plan`);
    expect(upgraded.text).toContain(`Guests can add photos until ${lastDay}.`);
  });

  it('moves the expiry with a later wedding date and never shortens it for an earlier one', async () => {
    const created = await order(dayFromNow(10));
    const later = dayFromNow(40);

    const moved = (
      await graphql(UPDATE, { code: created.event.code, weddingDate: later }, created.ownerToken)
    ).updateEvent as { expiresAt: string };
    expect(Date.parse(moved.expiresAt)).toBe(endOf(later) + 7 * DAY_MS);
    expect(await weddingDateChange(created.event.code)).toEqual({
      code: created.event.code,
      previousPlan: 'free',
      plan: 'free',
      expiresAt: moved.expiresAt,
      reason: 'wedding-date',
    });

    const earlier = (
      await graphql(UPDATE, { code: created.event.code, weddingDate: dayFromNow(12) }, created.ownerToken)
    ).updateEvent as { expiresAt: string };
    expect(earlier.expiresAt).toBe(moved.expiresAt);
  });

  it('migrates existing galleries: more time where the new rule gives it, the old expiry otherwise', async () => {
    const counted = await order(dayFromNow(15));
    const kept = await order(dayFromNow(15));
    const oldRule = new Date(Date.parse(counted.event.createdAt) + 7 * DAY_MS);
    const longer = new Date(Date.now() + 100 * DAY_MS);
    await db().query('UPDATE events SET expires_at = $2 WHERE code = $1', [counted.event.code, oldRule]);
    await db().query('UPDATE events SET expires_at = $2 WHERE code = $1', [kept.event.code, longer]);

    const runner = db().createQueryRunner();
    try {
      await new StorageFromWeddingDay1798000000000().up(runner);
    } finally {
      await runner.release();
    }

    const expected = new Date(endOf(dayFromNow(15)) + 7 * DAY_MS);
    expect(await expiryOf(counted.event.code)).toEqual(expected);
    expect(await expiryOf(kept.event.code)).toEqual(longer);
    expect(await weddingDateChange(counted.event.code)).toEqual({
      code: counted.event.code,
      previousPlan: 'free',
      plan: 'free',
      expiresAt: expected.toISOString(),
      reason: 'wedding-date',
    });
  });

  describe('the gallery language', () => {
    const SET_LANGUAGE = `mutation L($code: String!, $language: String!) {
      setGalleryLanguage(code: $code, language: $language) { code language }
    }`;

    it("starts in the order's language, and links and mails carry it", async () => {
      const email = `fr-${randomUUID()}@example.com`;
      const created = await order(dayFromNow(30), email, 'fr');

      expect(created.event.language).toBe('fr');
      expect(created.galleryUrl).toBe(`https://gallery.test/fr/gallery/${created.event.code}`);
      const message = await mailTo(email);
      expect(message.text).toContain(
        `Lien de la galerie : https://gallery.test/fr/gallery/${created.event.code}`,
      );
      expect(message.text).toMatch(/jusqu’au \d{1,2} [a-zéû]+ \d{4}\./);
    });

    it("is the owner's to change, to en, fr or es only", async () => {
      const created = await order(dayFromNow(30));
      const other = await order(dayFromNow(30));
      const variables = { code: created.event.code, language: 'es' };

      expect((await answer(SET_LANGUAGE, variables)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
      expect((await answer(SET_LANGUAGE, variables, other.ownerToken)).errors?.[0].extensions.code).toBe(
        'NOT_GALLERY_OWNER',
      );
      expect(
        (await answer(SET_LANGUAGE, { ...variables, language: 'de' }, created.ownerToken)).errors?.[0]
          .extensions.code,
      ).toBe('VALIDATION_FAILED');
      expect(await graphql(SET_LANGUAGE, variables, created.ownerToken)).toEqual({
        setGalleryLanguage: { code: created.event.code, language: 'es' },
      });
      const [row] = await db().query('SELECT language FROM events WHERE code = $1', [created.event.code]);
      expect(row.language).toBe('es');
    });
  });
});
