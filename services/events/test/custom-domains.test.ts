import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import {
  customDomainLookupReplySchema,
  DOMAIN_STREAM,
  parseDomainEvent,
  Requests,
  Subjects,
  type DomainEvent,
  type PlanId,
} from '@gallery/contracts';
import { caughtMail } from '@gallery/local-servers';
import type { EventBus } from '@gallery/platform';
import { startTestDns, waitFor, type TestDns, type TestMailCatcher } from '@gallery/testing';
import { DataSource } from 'typeorm';
import { DomainExpiry } from '../src/custom-domains/domain-expiry.js';
import { GalleryPurge } from '../src/galleries/gallery-purge.js';
import { startEvents, type EventsHarness } from './harness.js';

function envelope<S extends 'payment.succeeded' | 'payment.refunded' | 'backup.stopped'>(
  type: S,
  data: DomainEvent<S>['data'],
): DomainEvent<S> {
  return { id: randomUUID(), type, occurredAt: new Date().toISOString(), data };
}

const PRODUCT_HOST = 'gallery.example.org';
const DOMAIN_FIELDS = 'host state failure found cnameTarget txtName txtValue url';

interface Domain {
  host: string;
  state: string;
  failure: string | null;
  found: string | null;
  cnameTarget: string;
  txtName: string;
  txtValue: string;
  url: string | null;
}

describe('events service: a Premium gallery on its own domain', () => {
  let events: EventsHarness | undefined;
  let dns: TestDns | undefined;
  let app: INestApplication | undefined;
  let bus: EventBus | undefined;
  let mail: TestMailCatcher | undefined;

  const graphql = async (query: string, variables: Record<string, unknown>, token?: string) =>
    (await events!.graphql(query, variables, token)) as {
      data?: Record<string, unknown>;
      errors?: { extensions: { code: string } }[];
    };

  /** A gallery on `plan`, paid through billing's event like a real checkout; its code, token and email. */
  async function gallery(plan: PlanId): Promise<{ code: string; token: string; email: string }> {
    const email = `couple-${randomUUID()}@example.com`;
    const created = await graphql(
      `
        mutation ($input: CreateGalleryInput!) {
          createGallery(input: $input) {
            event {
              code
            }
            ownerToken
          }
        }
      `,
      {
        input: {
          coupleNames: 'Anna & Ben',
          weddingDate: '2027-06-12',
          location: 'Lyon, France',
          email,
          phone: '+33 6 12 34 56 78',
          plan: 'FREE',
        },
      },
    );
    const { event, ownerToken } = created.data!.createGallery as {
      event: { code: string };
      ownerToken: string;
    };
    if (plan !== 'free') {
      const paymentId = randomUUID();
      await events!.publish(
        envelope(Subjects.PaymentSucceeded, {
          paymentId,
          eventCode: event.code,
          fromPlan: 'free',
          plan,
          amountCents: 9900,
          currency: 'usd',
          paidAt: new Date().toISOString(),
        }),
      );
      await waitFor(`${event.code} on ${plan}`, async () => {
        const found = await graphql(
          `
            query ($code: String!) {
              event(code: $code) {
                plan
              }
            }
          `,
          {
            code: event.code,
          },
        );
        return (found.data?.event as { plan: string } | null)?.plan === plan.toUpperCase();
      });
      lastPayment.set(event.code, paymentId);
    }
    return { code: event.code, token: ownerToken, email };
  }
  const lastPayment = new Map<string, string>();

  const setDomain = (code: string, host: string, token: string) =>
    graphql(
      `mutation ($code: String!, $host: String!) { setCustomDomain(eventCode: $code, host: $host) { ${DOMAIN_FIELDS} } }`,
      { code, host },
      token,
    );
  const checkDomain = async (code: string, token: string) =>
    (
      await graphql(
        `mutation ($code: String!) { checkCustomDomain(eventCode: $code) { ${DOMAIN_FIELDS} } }`,
        { code },
        token,
      )
    ).data!.checkCustomDomain as Domain;
  const lookup = async (host: string) =>
    customDomainLookupReplySchema.parse(
      (
        await bus!.nc.request(Requests.CustomDomainLookup, JSON.stringify({ host }), { timeout: 5000 })
      ).json(),
    ).code;
  const errorCode = (body: { errors?: { extensions: { code: string } }[] }) =>
    body.errors?.[0]?.extensions.code;

  async function domainEvent<S extends 'domain.verified' | 'domain.released'>(
    type: S,
    host: string,
  ): Promise<DomainEvent<S>['data']> {
    const consumer = await bus!.js.consumers.get(DOMAIN_STREAM, { filter_subjects: type });
    return waitFor(`${type} for ${host}`, async () => {
      const message = await consumer.next({ expires: 1000 });
      if (!message) return null;
      const { data } = parseDomainEvent(message.data) as DomainEvent<S>;
      return data.host === host ? data : null;
    });
  }

  beforeAll(async () => {
    dns = await startTestDns();
    events = await startEvents({
      busName: 'events-test-domains',
      mail: true,
      config: { publicUrl: `https://${PRODUCT_HOST}`, dnsServers: [dns.server] },
    });
    ({ app, bus, mail } = events);
  });

  afterAll(async () => {
    await events?.stop();
    await dns?.stop();
  });

  it('refuses a domain on Free and Standard with the message naming Premium', async () => {
    for (const plan of ['free', 'standard'] as const) {
      const { code, token } = await gallery(plan);
      const refused = await setDomain(code, `photos.${plan}-${code.toLowerCase()}.com`, token);
      expect(errorCode(refused)).toBe('DOMAIN_NEEDS_PREMIUM');
      expect(refused.errors![0]).toMatchObject({
        message:
          'A custom domain comes with the Premium plan. Upgrade this gallery to Premium to show it on your own domain.',
      });
    }
  });

  it('refuses what cannot be a couple’s own host name, and strangers', async () => {
    const { code, token } = await gallery('premium');
    const refusals: [string, string][] = [
      ['203.0.113.7', 'DOMAIN_IP_ADDRESS'],
      ['[2001:db8::1]', 'DOMAIN_IP_ADDRESS'],
      ['*.anna-and-ben.com', 'DOMAIN_WILDCARD'],
      [PRODUCT_HOST, 'DOMAIN_PRODUCT_HOST'],
      [`anna.${PRODUCT_HOST}`, 'DOMAIN_PRODUCT_HOST'],
      ['localhost', 'DOMAIN_INVALID'],
      ['photos', 'DOMAIN_INVALID'],
      ['-photos.anna.com', 'DOMAIN_INVALID'],
      [`${'a'.repeat(64)}.com`, 'DOMAIN_INVALID'],
      [`${'abcdefghi.'.repeat(26)}com`, 'DOMAIN_INVALID'],
      ['x'.repeat(400), 'DOMAIN_INVALID'],
    ];
    for (const [host, expected] of refusals) {
      expect([host, errorCode(await setDomain(code, host, token))]).toEqual([host, expected]);
    }
    const other = await gallery('free');
    expect(errorCode(await setDomain(code, 'photos.someone.com', other.token))).toBe('NOT_GALLERY_OWNER');
    expect(errorCode(await setDomain(code, 'photos.someone.com', ''))).toBe('UNAUTHENTICATED');
  });

  it('waits for DNS, says what is wrong, verifies, and lets the gateway find the gallery', async () => {
    const { code, token } = await gallery('premium');
    const host = `photos.anna-and-ben-${code.toLowerCase()}.com`;
    const added = await setDomain(code, ` HTTPS://${host.toUpperCase()}/ `, token);
    expect(added.errors).toBeUndefined();
    const domain = added.data!.setCustomDomain as Domain;
    expect(domain).toMatchObject({
      host,
      state: 'PENDING',
      failure: null,
      cnameTarget: PRODUCT_HOST,
      url: null,
    });
    expect(domain.txtName).toBe(`_gallery-verification.${host}`);
    expect(domain.txtValue).toMatch(/^gallery-verification=[A-Za-z0-9_-]{24}$/);
    expect(await lookup(host)).toBeNull();

    dns!.setCname(host, 'elsewhere.example.net');
    expect(await checkDomain(code, token)).toMatchObject({
      state: 'FAILED',
      failure: 'CNAME_WRONG',
      found: 'elsewhere.example.net',
    });
    dns!.remove(host);
    dns!.setCname(host, PRODUCT_HOST);
    expect(await checkDomain(code, token)).toMatchObject({ state: 'FAILED', failure: 'TXT_MISSING' });
    dns!.setTxt(domain.txtName, 'gallery-verification=someone-else');
    expect(await checkDomain(code, token)).toMatchObject({ state: 'FAILED', failure: 'TXT_WRONG' });
    dns!.setTxt(domain.txtName, domain.txtValue);
    expect(await checkDomain(code, token)).toMatchObject({ state: 'VERIFIED', url: `https://${host}/` });
    expect(await domainEvent('domain.verified', host)).toEqual({ code, host });
    expect(await lookup(host)).toBe(code);
    expect(await lookup(host.toUpperCase())).toBe(code);

    // One domain per gallery, one gallery per domain.
    expect(errorCode(await setDomain(code, `other.anna-and-ben-${code.toLowerCase()}.com`, token))).toBe(
      'DOMAIN_ALREADY_SET',
    );
    const second = await gallery('premium');
    expect(errorCode(await setDomain(second.code, host, second.token))).toBe('DOMAIN_TAKEN');

    // Removed: no longer served, and the name is free for another gallery.
    const removed = await graphql(
      `
        mutation ($code: String!) {
          removeCustomDomain(eventCode: $code)
        }
      `,
      { code },
      token,
    );
    expect(removed.data).toEqual({ removeCustomDomain: true });
    expect(await domainEvent('domain.released', host)).toEqual({ code, host, reason: 'removed' });
    expect(await lookup(host)).toBeNull();
    expect((await setDomain(second.code, host, second.token)).errors).toBeUndefined();
  });

  it('says so when DNS does not answer', async () => {
    const { code, token } = await gallery('premium');
    const host = `photos.quiet-${code.toLowerCase()}.com`;
    expect((await setDomain(code, host, token)).errors).toBeUndefined();
    dns!.silence(true);
    try {
      expect(await checkDomain(code, token)).toMatchObject({ state: 'FAILED', failure: 'DNS_UNREACHABLE' });
    } finally {
      dns!.silence(false);
    }
  });

  it('stops serving the domain when a refund takes the gallery off Premium, and mails the couple', async () => {
    const { code, token, email } = await gallery('premium');
    const host = `photos.refund-${code.toLowerCase()}.com`;
    const domain = (await setDomain(code, host, token)).data!.setCustomDomain as Domain;
    dns!.setCname(host, PRODUCT_HOST);
    dns!.setTxt(domain.txtName, domain.txtValue);
    expect(await checkDomain(code, token)).toMatchObject({ state: 'VERIFIED' });
    expect(await lookup(host)).toBe(code);

    await events!.publish(
      envelope(Subjects.PaymentRefunded, {
        paymentId: lastPayment.get(code)!,
        eventCode: code,
        plan: 'premium',
        revertTo: 'free',
        amountCents: 9900,
        currency: 'usd',
        refundedAt: new Date().toISOString(),
      }),
    );
    expect(await domainEvent('domain.released', host)).toEqual({ code, host, reason: 'plan' });
    expect(await lookup(host)).toBeNull();
    const sent = await waitFor(`mail to ${email}`, async () =>
      (await caughtMail(mail!.webUrl)).find(
        (message) => message.to.some((to) => to.address === email) && message.subject.includes(host),
      ),
    );
    expect(sent.subject).toBe(`${host} no longer shows gallery ${code}`);
    expect(sent.text).toContain(`https://${PRODUCT_HOST}/gallery/${code}`);
    const after = await graphql(
      `
        query ($code: String!) {
          customDomain(eventCode: $code) {
            host
          }
        }
      `,
      { code },
      token,
    );
    expect(after.data).toEqual({ customDomain: null });
  });

  it("mails the couple when their backup stops, in the gallery's language, saying the copies stay theirs", async () => {
    const { code, email } = await gallery('premium');
    await events!.publish(
      envelope(Subjects.BackupStopped, {
        code,
        reason: 'plan',
        address: 'https://cloud.example.com/remote.php/dav/files/anna/',
      }),
    );
    const sent = await waitFor(`backup mail to ${email}`, async () =>
      (await caughtMail(mail!.webUrl)).find(
        (message) => message.to.some((to) => to.address === email) && message.subject.includes('backed up'),
      ),
    );
    expect(sent.subject).toBe(`Gallery ${code} is no longer backed up to your drive`);
    expect(sent.text).toContain('https://cloud.example.com/remote.php/dav/files/anna/');
    expect(sent.text).toContain('Everything already copied stays in your drive');
  });

  /** A Premium gallery whose domain passed its check; its code, host and owner's email. */
  async function verifiedDomain(prefix: string): Promise<{ code: string; host: string; email: string }> {
    const { code, token, email } = await gallery('premium');
    const host = `photos.${prefix}-${code.toLowerCase()}.com`;
    const domain = (await setDomain(code, host, token)).data!.setCustomDomain as Domain;
    dns!.setCname(host, PRODUCT_HOST);
    dns!.setTxt(domain.txtName, domain.txtValue);
    expect(await checkDomain(code, token)).toMatchObject({ state: 'VERIFIED' });
    return { code, host, email };
  }

  it('stops serving the domain when the storage period ends, and mails the couple', async () => {
    const { code, host, email } = await verifiedDomain('ended');
    await app!
      .get(DataSource)
      .query(`UPDATE events SET expires_at = now() - interval '1 minute' WHERE code = $1`, [code]);
    // Not answered any more even before the sweep: events checks the plan's storage on every lookup.
    expect(await lookup(host)).toBeNull();
    expect(await app!.get(DomainExpiry).runOnce()).toBeGreaterThanOrEqual(1);
    expect(await domainEvent('domain.released', host)).toEqual({ code, host, reason: 'expired' });
    const sent = await waitFor(`mail to ${email}`, async () =>
      (await caughtMail(mail!.webUrl)).find(
        (message) => message.to.some((to) => to.address === email) && message.subject.includes(host),
      ),
    );
    expect(sent.subject).toBe(`${host} no longer shows gallery ${code}`);
    expect(sent.text).toContain('The storage period of your gallery has ended');
  });

  it('releases the domain of a purged gallery, so the name is free again', async () => {
    const { code, host } = await verifiedDomain('purged');
    await app!.get(GalleryPurge).purge(code, 'deleted');
    expect(await domainEvent('domain.released', host)).toEqual({ code, host, reason: 'deleted' });
    expect(await lookup(host)).toBeNull();
    const rows: unknown[] = await app!
      .get(DataSource)
      .query('SELECT 1 FROM custom_domains WHERE host = $1', [host]);
    expect(rows).toEqual([]);
  });
});
