import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import {
  downloadPermissionReplySchema,
  GRACE_PERIOD_DAYS,
  OWNER_LIMITS,
  ownerAuthorizationReplySchema,
  PURGE_REMINDER_DAYS,
  GUEST_RATE_LIMITS,
  RATE_LIMITS,
  Requests,
} from '@gallery/contracts';
import { caughtMail } from '@gallery/local-servers';
import { Mailer } from '@gallery/platform';
import { waitFor } from '@gallery/testing';
import { EventsConfig } from '../src/config/events-config.js';
import { GalleryEndings } from '../src/galleries/gallery-endings.js';
import { GalleryPurge } from '../src/galleries/gallery-purge.js';
import { startEvents, type EventsHarness, type GraphQLBody } from './harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const CREATE = `mutation Create($input: CreateGalleryInput!) {
  createGallery(input: $input) { event { code } ownerToken sessionToken }
}`;

describe('events service: owners, sessions and the end of a gallery', () => {
  let events: EventsHarness | undefined;
  let dataSource: DataSource;

  const graphql = <Data = Record<string, unknown>>(
    query: string,
    variables: object = {},
    token?: string,
    client?: string,
  ) => events!.graphql<Data>(query, variables, token, client);

  async function order(email: string) {
    const body = await graphql<{
      createGallery: { event: { code: string }; ownerToken: string; sessionToken: string };
    }>(CREATE, {
      input: {
        coupleNames: 'Sarah & Mike',
        weddingDate: '2027-06-12',
        location: 'Lyon, France',
        email,
        phone: '+33 6 12 34 56 78',
        plan: 'FREE',
      },
    });
    expect(body.errors).toBeUndefined();
    const created = body.data!.createGallery;
    return { code: created.event.code, ownerToken: created.ownerToken, session: created.sessionToken };
  }

  async function linkTokenMailedTo(address: string, after = 0): Promise<string> {
    const message = await waitFor(`sign-in mail to ${address}`, async () =>
      (await caughtMail(events!.mail!.webUrl))
        .filter((caught) => caught.to.some((to) => to.address === address))
        .filter((caught) => caught.subject.includes('sign-in'))
        .at(after),
    );
    return /signIn=([A-Za-z0-9_-]+)/.exec(message.text ?? '')![1];
  }

  const errorCode = (body: GraphQLBody<unknown>) => body.errors?.[0]?.extensions.code;

  beforeAll(async () => {
    events = await startEvents({ busName: 'events-test-owner', mail: true });
    dataSource = events.db;
  });

  afterAll(() => events?.stop());

  describe('sessions', () => {
    it('signs the ordering browser in for every gallery of its email, and signing out ends it', async () => {
      const email = `couple-${randomUUID()}@example.com`;
      const first = await order(email);
      const second = await order(email.toUpperCase());
      const mine = await graphql<{ myEvents: { code: string }[]; me: { email: string } }>(
        '{ me { email } myEvents { code } }',
        {},
        first.session,
      );
      expect(mine.data!.me.email).toBe(email);
      expect(mine.data!.myEvents.map((event) => event.code).sort()).toEqual([first.code, second.code].sort());

      await graphql('mutation { signOut }', {}, first.session);
      const after = await graphql('{ myEvents { code } }', {}, first.session);
      expect(errorCode(after)).toBe('UNAUTHENTICATED');
      expect((await graphql<{ me: null }>('{ me { email } }', {}, first.session)).data!.me).toBeNull();
      // The other browser's session and the gallery's own owner token still work.
      expect((await graphql('{ myEvents { code } }', {}, second.session)).errors).toBeUndefined();
    });

    it('counts tokens that name no live session per client; a live session costs nothing', async () => {
      const { session } = await order(`couple-${randomUUID()}@example.com`);
      const client = `client-${randomUUID()}`;
      const me = (token: string) =>
        graphql<{ me: { email: string } | null }>('{ me { email } }', {}, token, client);
      for (let i = 0; i < 3; i++) expect((await me(session)).data!.me).not.toBeNull();
      for (let i = 0; i < RATE_LIMITS.unknownSessionLookups.points; i++) {
        const unknown = await me(`unknown-${i}`);
        expect(unknown.errors).toBeUndefined();
        expect(unknown.data!.me).toBeNull();
      }
      expect(errorCode(await me('unknown'))).toBe('RATE_LIMITED');
      // Refused whatever the token, so the refusal tells nothing; other clients are not affected.
      expect(errorCode(await me(session))).toBe('RATE_LIMITED');
      expect(
        (await graphql<{ me: { email: string } }>('{ me { email } }', {}, session)).data!.me.email,
      ).toContain('@example.com');
    });

    it('stores only hashes of sessions and sign-in links', async () => {
      const email = `hash-${randomUUID()}@example.com`;
      const { session } = await order(email);
      const rows: { token_hash: string }[] = await dataSource.query(
        'SELECT token_hash FROM owner_sessions WHERE email = $1',
        [email],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).not.toContain(session);
      expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  describe('sign-in link', () => {
    const REQUEST = 'mutation Ask($email: String!) { requestSignInLink(email: $email) }';
    const SIGN_IN = 'mutation In($token: String!) { signIn(token: $token) { token email } }';

    it('mails a link that signs in once, and gives the same answer for an unknown address', async () => {
      const email = `link-${randomUUID()}@example.com`;
      const { code } = await order(email);
      const known = await graphql(REQUEST, { email: `  ${email.toUpperCase()} ` });
      const unknown = await graphql(REQUEST, { email: `nobody-${randomUUID()}@example.com` });
      expect(known).toEqual(unknown);
      expect(known).toEqual({ data: { requestSignInLink: true } });

      const token = await linkTokenMailedTo(email);
      const signedIn = await graphql<{ signIn: { token: string; email: string } }>(SIGN_IN, { token });
      expect(signedIn.data!.signIn.email).toBe(email);
      const mine = await graphql<{ myEvents: { code: string }[] }>(
        '{ myEvents { code } }',
        {},
        signedIn.data!.signIn.token,
      );
      expect(mine.data!.myEvents.map((event) => event.code)).toEqual([code]);

      const again = await graphql(SIGN_IN, { token });
      expect(errorCode(again)).toBe('SIGN_IN_LINK_INVALID');
    });

    it('refuses a wrong token and an expired one alike', async () => {
      const email = `expiry-${randomUUID()}@example.com`;
      await order(email);
      expect(errorCode(await graphql(SIGN_IN, { token: 'not-a-link-token' }))).toBe('SIGN_IN_LINK_INVALID');
      await graphql(REQUEST, { email });
      const token = await linkTokenMailedTo(email);
      // The link is stored with its expiry; moving that expiry into the past is what OWNER_LIMITS' minutes do.
      const [row] = (await dataSource.query(
        'SELECT expires_at, now() AS now FROM sign_in_links WHERE email = $1',
        [email],
      )) as { expires_at: Date; now: Date }[];
      const minutes = (row.expires_at.getTime() - row.now.getTime()) / 60_000;
      expect(minutes).toBeGreaterThan(OWNER_LIMITS.signInLinkMinutes - 1);
      expect(minutes).toBeLessThanOrEqual(OWNER_LIMITS.signInLinkMinutes);
      await dataSource.query(
        "UPDATE sign_in_links SET expires_at = now() - interval '1 second' WHERE email = $1",
        [email],
      );
      expect(errorCode(await graphql(SIGN_IN, { token }))).toBe('SIGN_IN_LINK_INVALID');
    });

    it('limits links per client and per address, and sign-in attempts per client', async () => {
      const client = `client-${randomUUID()}`;
      for (let i = 0; i < RATE_LIMITS.signInLinkRequests.points; i++) {
        expect(
          (await graphql(REQUEST, { email: `x-${randomUUID()}@example.com` }, undefined, client)).errors,
        ).toBe(undefined);
      }
      expect(errorCode(await graphql(REQUEST, { email: 'y@example.com' }, undefined, client))).toBe(
        'RATE_LIMITED',
      );

      const address = `flood-${randomUUID()}@example.com`;
      for (let i = 0; i < RATE_LIMITS.signInLinksPerAddress.points; i++) {
        expect((await graphql(REQUEST, { email: address })).errors).toBeUndefined();
      }
      expect(errorCode(await graphql(REQUEST, { email: address }))).toBe('RATE_LIMITED');

      const guesser = `client-${randomUUID()}`;
      for (let i = 0; i < RATE_LIMITS.signInAttempts.points; i++) {
        expect(errorCode(await graphql(SIGN_IN, { token: `guess-${i}` }, undefined, guesser))).toBe(
          'SIGN_IN_LINK_INVALID',
        );
      }
      expect(errorCode(await graphql(SIGN_IN, { token: 'guess' }, undefined, guesser))).toBe('RATE_LIMITED');
    });
  });

  describe('ownership', () => {
    const UPDATE = `mutation U($code: String!) {
      updateEvent(code: $code, input: { coupleNames: "Anna & Ben", weddingDate: "2027-07-01", location: "Paris, France" }) { name location }
    }`;

    it('lets the owner (session or owner token) act, and refuses a stranger and another owner everywhere', async () => {
      const mine = await order(`mine-${randomUUID()}@example.com`);
      const theirs = await order(`theirs-${randomUUID()}@example.com`);
      const askOwner = async (authorization?: string) =>
        ownerAuthorizationReplySchema.parse(
          (
            await events!.bus.nc.request(
              Requests.OwnerAuthorization,
              JSON.stringify({ code: mine.code, authorization }),
              { timeout: 5000 },
            )
          ).json(),
        ).owner;
      const askDownload = async (authorization?: string) =>
        downloadPermissionReplySchema.parse(
          (
            await events!.bus.nc.request(
              Requests.DownloadPermission,
              JSON.stringify({ code: mine.code, authorization }),
              { timeout: 5000 },
            )
          ).json(),
        ).owner;

      expect(await askOwner(`Bearer ${mine.session}`)).not.toBeNull();
      expect(await askOwner(`Bearer ${mine.ownerToken}`)).not.toBeNull();
      expect(await askOwner(`Bearer ${theirs.session}`)).toBeNull();
      expect(await askOwner()).toBeNull();
      expect(await askDownload(`Bearer ${mine.session}`)).toBe(true);
      expect(await askDownload(`Bearer ${theirs.session}`)).toBe(false);

      const isOwner = async (token?: string) =>
        (
          await graphql<{ event: { isOwner: boolean } }>(
            'query E($code: String!) { event(code: $code) { isOwner } }',
            { code: mine.code },
            token,
          )
        ).data!.event.isOwner;
      expect(await isOwner(mine.session)).toBe(true);
      expect(await isOwner(theirs.session)).toBe(false);

      expect(errorCode(await graphql(UPDATE, { code: mine.code }))).toBe('UNAUTHENTICATED');
      expect(errorCode(await graphql(UPDATE, { code: mine.code }, theirs.session))).toBe('NOT_GALLERY_OWNER');
      expect(errorCode(await graphql(UPDATE, { code: mine.code }, theirs.ownerToken))).toBe(
        'NOT_GALLERY_OWNER',
      );
      const guestSetting =
        'mutation G($code: String!) { setGuestDownloads(eventCode: $code, allowed: true) { code } }';
      expect(errorCode(await graphql(guestSetting, { code: mine.code }, theirs.session))).toBe(
        'NOT_GALLERY_OWNER',
      );
      expect(errorCode(await graphql(guestSetting, { code: mine.code }))).toBe('UNAUTHENTICATED');
      const remove = 'mutation D($code: String!) { deleteEvent(code: $code) }';
      expect(errorCode(await graphql(remove, { code: mine.code }, theirs.session))).toBe('NOT_GALLERY_OWNER');
      expect(errorCode(await graphql(remove, { code: mine.code }))).toBe('UNAUTHENTICATED');

      const updated = await graphql<{ updateEvent: { name: string; location: string } }>(
        UPDATE,
        { code: mine.code },
        mine.session,
      );
      expect(updated.data!.updateEvent).toEqual({ name: 'Anna & Ben', location: 'Paris, France' });
      expect((await graphql(guestSetting, { code: mine.code }, mine.session)).errors).toBeUndefined();
    });

    it("checks the event page's edits by the order form's rules and messages", async () => {
      const mine = await order(`rules-${randomUUID()}@example.com`);
      const body = await graphql(
        `
          mutation U($code: String!) {
            updateEvent(
              code: $code
              input: { coupleNames: "Sarah", weddingDate: "2099-01-01", location: "X" }
            ) {
              code
            }
          }
        `,
        { code: mine.code },
        mine.session,
      );
      expect(errorCode(body)).toBe('VALIDATION_FAILED');
      expect(body.errors![0].extensions.fields).toEqual({
        coupleNames: 'validation.coupleNamesBoth',
        weddingDate: 'validation.weddingDateTooFar',
        location: 'validation.locationIncomplete',
      });
    });

    it('creates another gallery for a signed-in owner without the contact details', async () => {
      const email = `again-${randomUUID()}@example.com`;
      const first = await order(email);
      const body = await graphql<{ createEvent: { event: { code: string }; paymentRequired: boolean } }>(
        `
          mutation {
            createEvent(
              input: {
                coupleNames: "Sarah & Mike"
                weddingDate: "2027-09-01"
                location: "Nice, France"
                plan: STANDARD
              }
            ) {
              event {
                code
              }
              paymentRequired
            }
          }
        `,
        {},
        first.session,
      );
      expect(body.errors).toBeUndefined();
      expect(body.data!.createEvent.paymentRequired).toBe(true);
      const [orderRow] = (await dataSource.query('SELECT email, phone FROM orders WHERE event_code = $1', [
        body.data!.createEvent.event.code,
      ])) as { email: string; phone: string }[];
      expect(orderRow).toEqual({ email, phone: '+33 6 12 34 56 78' });
      const stranger = await graphql(`
        mutation {
          createEvent(
            input: { coupleNames: "A & B", weddingDate: "2027-09-01", location: "Nice, France", plan: FREE }
          ) {
            event {
              code
            }
          }
        }
      `);
      expect(errorCode(stranger)).toBe('UNAUTHENTICATED');
    });
  });

  describe('analytics', () => {
    const RECORD = `mutation R($code: String!, $kind: ActivityKind!, $guest: String!) {
      recordGalleryActivity(eventCode: $code, kind: $kind, guest: $guest)
    }`;
    const READ =
      'query A($code: String!) { galleryAnalytics(eventCode: $code) { day views uploads downloads guests } }';

    it("counts views, downloads and distinct guests per day, for the gallery's owner only", async () => {
      const mine = await order(`stats-${randomUUID()}@example.com`);
      const theirs = await order(`other-${randomUUID()}@example.com`);
      for (const [kind, guest] of [
        ['VIEW', 'guest-a'],
        ['VIEW', 'guest-a'],
        ['VIEW', 'guest-b'],
        ['DOWNLOAD', 'guest-b'],
      ]) {
        expect((await graphql(RECORD, { code: mine.code, kind, guest })).data).toEqual({
          recordGalleryActivity: true,
        });
      }
      expect((await graphql(RECORD, { code: 'CCCCCCCC', kind: 'VIEW', guest: 'x' })).data).toEqual({
        recordGalleryActivity: false,
      });
      const read = await graphql<{
        galleryAnalytics: { views: number; downloads: number; guests: number }[];
      }>(READ, { code: mine.code }, mine.session);
      expect(read.data!.galleryAnalytics).toEqual([
        { day: new Date().toISOString().slice(0, 10), views: 3, uploads: 0, downloads: 1, guests: 2 },
      ]);
      expect(errorCode(await graphql(READ, { code: mine.code }, theirs.session))).toBe('NOT_GALLERY_OWNER');
      expect(errorCode(await graphql(READ, { code: mine.code }))).toBe('UNAUTHENTICATED');
    });

    it('limits recorded activity per guest and gallery (a caller without an identity: its address)', async () => {
      const mine = await order(`limit-${randomUUID()}@example.com`);
      const client = `client-${randomUUID()}`;
      await dataSource.query('INSERT INTO rate_limits (key, points, expire) VALUES ($1, $2, $3)', [
        // The counter's key: the limit, the gallery's digest, and the address of a caller without an identity.
        `galleryActivity.perGuest:${createHash('sha256').update(mine.code).digest('base64url').slice(0, 22)}:a:${client}`,
        GUEST_RATE_LIMITS.galleryActivity.perGuest.points,
        Date.now() + 60_000,
      ]);
      const body = await graphql(RECORD, { code: mine.code, kind: 'VIEW', guest: 'g' }, undefined, client);
      expect(errorCode(body)).toBe('RATE_LIMITED');
    });
  });

  describe('the end of a gallery', () => {
    it('mails the end of storage, then a reminder, then purges the gallery and says so with event.expired', async () => {
      const email = `end-${randomUUID()}@example.com`;
      const { code, session } = await order(email);
      const [{ expires_at: expiresAt }] = (await dataSource.query(
        'SELECT expires_at FROM events WHERE code = $1',
        [code],
      )) as { expires_at: Date }[];
      const endings = events!.app.get(GalleryEndings);
      const expired = events!.bus.nc.subscribe('event.expired');

      await endings.runOnce(new Date(expiresAt.getTime() + 1000));
      await waitFor('ending mail', async () =>
        (await caughtMail(events!.mail!.webUrl)).find(
          (caught) =>
            caught.to.some((to) => to.address === email) && caught.subject.includes('no longer takes'),
        ),
      );
      await endings.runOnce(
        new Date(expiresAt.getTime() + (GRACE_PERIOD_DAYS - PURGE_REMINDER_DAYS) * DAY_MS + 1000),
      );
      await waitFor('reminder mail', async () =>
        (await caughtMail(events!.mail!.webUrl)).find(
          (caught) => caught.to.some((to) => to.address === email) && caught.subject.startsWith('Reminder'),
        ),
      );
      const result = await endings.runOnce(new Date(expiresAt.getTime() + GRACE_PERIOD_DAYS * DAY_MS + 1000));
      expect(result.purged).toBeGreaterThanOrEqual(1);

      for await (const message of expired) {
        const event = message.json<{ data: { code: string; reason: string } }>();
        if (event.data.code !== code) continue;
        expect(event.data.reason).toBe('expired');
        break;
      }
      for (const table of [
        'events WHERE code',
        'orders WHERE event_code',
        'gallery_activity WHERE event_code',
      ]) {
        expect(await dataSource.query(`SELECT 1 FROM ${table} = $1`, [code])).toEqual([]);
      }
      expect(await dataSource.query('SELECT 1 FROM owner_sessions WHERE email = $1', [email])).toEqual([]);
      expect(errorCode(await graphql('{ myEvents { code } }', {}, session))).toBe('UNAUTHENTICATED');
    });

    it('sends the end-of-storage mail once when two replicas run their endings at the same moment', async () => {
      const email = `race-${randomUUID()}@example.com`;
      const { code } = await order(email);
      const [{ expires_at: expiresAt }] = (await dataSource.query(
        'SELECT expires_at FROM events WHERE code = $1',
        [code],
      )) as { expires_at: Date }[];
      // A second replica: its own GalleryEndings over the same database and mail server.
      const first = events!.app.get(GalleryEndings);
      const second = new GalleryEndings(
        dataSource,
        events!.app.get(GalleryPurge),
        events!.app.get(EventsConfig),
        events!.app.get(Mailer),
      );
      const at = new Date(expiresAt.getTime() + 1000);
      const [a, b] = await Promise.all([first.runOnce(at), second.runOnce(at)]);
      expect(a.ended + b.ended).toBeGreaterThanOrEqual(1);
      // Both runs have finished sending: every mail either sent is in the catcher.
      const endings = await waitFor('the ending mail', async () => {
        const found = (await caughtMail(events!.mail!.webUrl)).filter(
          (caught) =>
            caught.to.some((to) => to.address === email) && caught.subject.includes('no longer takes'),
        );
        return found.length > 0 && found;
      });
      expect(endings).toHaveLength(1);
    });
  });
});
