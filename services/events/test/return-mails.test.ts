import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  es,
  oneClickStopPageTexts,
  Requests,
  reviewWaitingRequestSchema,
  Subjects,
  type ReviewWaitingReply,
} from '@gallery/contracts';
import { caughtMail, mailHeaders, type CaughtMail } from '@gallery/local-servers';
import { CLIENT_ADDRESS_HEADER, GuestIdentities } from '@gallery/platform';
import { type TestMailCatcher, waitFor } from '@gallery/testing';
import { FindMeChangesConsumer } from '../src/return-mails/find-me-changes.consumer.js';
import { OwnerDigests } from '../src/return-mails/owner-digests.js';
import { PhotosReadyMailQueue } from '../src/return-mails/photos-ready-mail-queue.js';
import { startEvents, type Caller, type EventsHarness } from './harness.js';

const CREATE_GALLERY = `mutation Create($input: CreateGalleryInput!) {
  createGallery(input: $input) { event { code } ownerToken }
}`;
const ASK = `mutation Ask($code: String!, $input: PhotosReadyMailInput!) {
  askForPhotosReadyMail(eventCode: $code, input: $input) { stopToken }
}`;
const STOP = `mutation Stop($token: String!) { stopPhotosReadyMail(token: $token) }`;
const DELETE = `mutation Delete($code: String!) { deleteEvent(code: $code) }`;
const SET_MAIL = `mutation Mail($code: String!, $mail: OwnerMail!, $on: Boolean!) {
  setOwnerMail(eventCode: $code, mail: $mail, on: $on) { mail on }
}`;
const DIGEST_PARTS = ['WAITING_PHOTOS', 'WAITING_MESSAGES', 'STORAGE_ENDING', 'BACKUP_STOPPED'];

const HOUR_MS = 60 * 60 * 1000;

// Two replicas of the events service on one database: every mail is queued once whichever runs the queue.
describe('events service: mails that bring guests and couples back', () => {
  let events: EventsHarness | undefined;
  let mail: TestMailCatcher | undefined;
  let replicas: INestApplication[] = [];
  const identityKey = randomBytes(32).toString('base64url');
  const identities = new GuestIdentities(identityKey);
  /** What the media stand-in answers for each gallery's approval queue. */
  const waiting = new Map<string, ReviewWaitingReply>();

  const app = () => replicas[0];
  const db = () => app().get(DataSource);

  const graphql = async (query: string, variables: object, caller: Caller = {}) =>
    (await events!.graphql(query, variables, caller)) as {
      data?: Record<string, unknown>;
      errors?: { extensions: { code: string } }[];
    };

  async function createGallery(email = `couple-${randomUUID()}@example.com`, language = 'en') {
    const body = await graphql(CREATE_GALLERY, {
      input: {
        coupleNames: 'Sarah & Mike',
        weddingDate: '2027-06-12',
        location: 'Lyon, France',
        email,
        phone: '+33 6 12 34 56 78',
        plan: 'FREE',
        language,
      },
    });
    expect(body.errors).toBeUndefined();
    const created = body.data!.createGallery as { event: { code: string }; ownerToken: string };
    return { code: created.event.code, ownerToken: created.ownerToken, email };
  }

  async function revealAt(code: string, at: Date): Promise<void> {
    await db().query(`UPDATE events SET photo_visibility = 'reveal', reveal_at = $2 WHERE code = $1`, [
      code,
      at,
    ]);
  }

  async function ask(code: string, email: string, language = 'en', timeZone = 'Europe/Paris') {
    const guest = identities.issue();
    const body = await graphql(
      ASK,
      { code, input: { email, language, timeZone } },
      { guestIdentity: guest.token },
    );
    return {
      body,
      guest,
      stopToken: (body.data?.askForPhotosReadyMail as { stopToken: string | null })?.stopToken,
    };
  }

  const mailsTo = async (address: string): Promise<CaughtMail[]> =>
    (await caughtMail(mail!.webUrl)).filter((message) => message.to.some((to) => to.address === address));

  /** Waits until each consumer has handled and acked everything it was given. */
  async function consumersDrained(): Promise<void> {
    await waitFor('the outbox to be published and handled', async () => {
      const [{ waiting: left }] = (await db().query(
        'SELECT count(*)::int AS waiting FROM outbox_events',
      )) as {
        waiting: number;
      }[];
      const queued: unknown[] = await db().query(
        'SELECT 1 FROM photos_ready_requests WHERE queued_at IS NOT NULL AND sent_at IS NULL AND email IS NOT NULL',
      );
      return left === 0 && queued.length === 0;
    });
  }

  beforeAll(async () => {
    events = await startEvents({
      busName: 'events-test-media',
      mail: true,
      config: {
        guestIdentityKey: identityKey,
        // The tests run the queues themselves, at the times they choose.
        returnMailsIntervalMs: 24 * HOUR_MS,
      },
      replicas: 2,
    });
    ({ mail } = events);
    replicas = events.apps;
    // Media's answer for each gallery's approval queue.
    events.bus.nc.subscribe(Requests.ReviewWaiting, {
      callback: (_error, message) => {
        const { code } = reviewWaitingRequestSchema.parse(message.json());
        message.respond(JSON.stringify(waiting.get(code) ?? { photos: 0, messages: 0 }));
      },
    });
    await events.bus.nc.flush();
  });

  afterAll(() => events?.stop());

  describe("a guest's photos-ready mail", () => {
    it('goes once at the reveal, not before, in the language the guest used', async () => {
      const { code } = await createGallery();
      const reveal = new Date(Date.now() + 2 * HOUR_MS);
      await revealAt(code, reveal);
      const address = `guest-${randomUUID()}@example.com`;
      const { body, stopToken } = await ask(code, address, 'fr');
      expect(body.errors).toBeUndefined();
      expect(stopToken).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
      const queue = app().get(PhotosReadyMailQueue);

      expect(await queue.queueDue(new Date(reveal.getTime() - 60_000))).toBe(0);
      expect(await queue.queueDue(new Date(reveal.getTime() + 1000))).toBe(1);
      const [sent] = await waitFor('the guest’s mail', () =>
        mailsTo(address).then((found) => found.length && found),
      );
      expect(sent.subject).toBe('Les photos du mariage de Sarah & Mike sont là');
      expect(sent.text).toContain(`https://gallery.test/fr/gallery/${code}\n`);
      expect(sent.text).toContain(`https://gallery.test/fr/gallery/${code}?show=mine`);
      // "Find me" is off until the couple turns it on: no link to it.
      expect(sent.text).not.toContain('/find-me');
      expect(sent.text).toContain(
        `https://gallery.test/fr/mail-stop#token=${encodeURIComponent(stopToken!)}`,
      );

      await consumersDrained();
      expect(await queue.queueDue(new Date(reveal.getTime() + HOUR_MS))).toBe(0);
      expect(await mailsTo(address)).toHaveLength(1);
      // Once sent, the address is no longer kept.
      const rows = (await db().query(
        'SELECT email, sent_at FROM photos_ready_requests WHERE event_code = $1',
        [code],
      )) as { email: string | null; sent_at: Date | null }[];
      expect(rows).toEqual([{ email: null, sent_at: expect.any(Date) }]);
    });

    it('goes the morning after the wedding day in the guest’s time zone when there is no reveal', async () => {
      const { code } = await createGallery();
      const address = `guest-${randomUUID()}@example.com`;
      expect((await ask(code, address, 'es', 'America/New_York')).body.errors).toBeUndefined();
      const queue = app().get(PhotosReadyMailQueue);
      // The wedding is on 2027-06-12: 9:00 in New York on the 13th is 13:00 UTC.
      expect(await queue.queueDue(new Date('2027-06-13T12:59:00Z'))).toBe(0);
      expect(await queue.queueDue(new Date('2027-06-13T13:00:00Z'))).toBe(1);
      const [sent] = await waitFor('the guest’s mail', () =>
        mailsTo(address).then((found) => found.length && found),
      );
      expect(sent.subject).toBe('Ya están las fotos de la boda de Sarah & Mike');
    });

    it('links to the photos the guest is in where the gallery offers "Find me", and not once it is off', async () => {
      const { code } = await createGallery();
      const reveal = new Date(Date.now() + HOUR_MS);
      await revealAt(code, reveal);
      const queue = app().get(PhotosReadyMailQueue);
      /** The faces service's switch, as it publishes it; resolves once events has applied it. */
      const findMe = async (on: boolean, occurredAt = new Date()) => {
        const id = randomUUID();
        await events!.publish({
          id,
          type: Subjects.FindMeChanged,
          occurredAt: occurredAt.toISOString(),
          data: { code, on },
        });
        await waitFor(`find me ${on ? 'on' : 'off'} applied`, async () => {
          const marks: unknown[] = await db().query(
            'SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2',
            [FindMeChangesConsumer.NAME, id],
          );
          return marks.length === 1;
        });
      };
      const findMeLine = (language: string) =>
        `https://gallery.test${language === 'en' ? '' : `/${language}`}/gallery/${code}/find-me\n`;

      await findMe(true);
      const found = `guest-${randomUUID()}@example.com`;
      await ask(code, found, 'es');
      expect(await queue.queueDue(new Date(reveal.getTime() + 1000))).toBe(1);
      const [sent] = await waitFor('the mail with Find me', () =>
        mailsTo(found).then((caught) => caught.length && caught),
      );
      expect(sent.text).toContain(
        `Tus propias fotos (en el teléfono con el que las hiciste):\nhttps://gallery.test/es/gallery/${code}?show=mine\n\nLas fotos en las que sales, encontradas con un selfie («Encontrar mis fotos»):\n${findMeLine('es')}`,
      );

      // Off, then an older "on" delivered late: it stays off.
      await findMe(false);
      await findMe(true, new Date(Date.now() - 60_000));
      const later = new Date(reveal.getTime() + 2000);
      const notFound = `guest-${randomUUID()}@example.com`;
      await ask(code, notFound);
      expect(await queue.queueDue(later)).toBe(1);
      const [plain] = await waitFor('the mail without Find me', () =>
        mailsTo(notFound).then((caught) => caught.length && caught),
      );
      expect(plain.text).toContain(`https://gallery.test/gallery/${code}?show=mine\n`);
      expect(plain.text).not.toContain('/find-me');
      expect(plain.text).not.toContain('selfie');
    });

    it('never goes after the guest stopped it, and a forged stop link stops nothing', async () => {
      const { code } = await createGallery();
      const reveal = new Date(Date.now() + HOUR_MS);
      await revealAt(code, reveal);
      const stopped = `guest-${randomUUID()}@example.com`;
      const kept = `guest-${randomUUID()}@example.com`;
      const { stopToken } = await ask(code, stopped);
      await ask(code, kept);
      const forged = `${stopToken!.split('.')[0]}.${'A'.repeat(43)}`;
      expect((await graphql(STOP, { token: forged })).errors?.[0].extensions.code).toBe(
        'MAIL_STOP_LINK_INVALID',
      );
      expect((await graphql(STOP, { token: stopToken })).data?.stopPhotosReadyMail).toBe(true);
      // Again: already done.
      expect((await graphql(STOP, { token: stopToken })).data?.stopPhotosReadyMail).toBe(true);

      expect(
        await app()
          .get(PhotosReadyMailQueue)
          .queueDue(new Date(reveal.getTime() + 1000)),
      ).toBe(1);
      await waitFor('the other guest’s mail', () => mailsTo(kept).then((found) => found.length));
      await consumersDrained();
      expect(await mailsTo(stopped)).toHaveLength(0);
    });

    it('never goes after the gallery was purged, and its addresses are gone with it', async () => {
      const { code, ownerToken } = await createGallery();
      const reveal = new Date(Date.now() + HOUR_MS);
      await revealAt(code, reveal);
      const address = `guest-${randomUUID()}@example.com`;
      await ask(code, address);
      const deleted = await graphql(DELETE, { code }, { token: ownerToken });
      expect(deleted.data?.deleteEvent).toBe(true);
      expect(await db().query('SELECT 1 FROM photos_ready_requests WHERE event_code = $1', [code])).toEqual(
        [],
      );
      expect(
        await app()
          .get(PhotosReadyMailQueue)
          .queueDue(new Date(reveal.getTime() + 1000)),
      ).toBe(0);
      expect(await mailsTo(address)).toHaveLength(0);
    });

    it('refuses a malformed or overlong address, and a request without a guest identity', async () => {
      const { code } = await createGallery();
      for (const email of ['not-an-address', `${'a'.repeat(250)}@example.com`, 'a@b.c\nBcc: x@y.z']) {
        const { body } = await ask(code, email);
        expect(body.errors?.[0].extensions.code).toBe('GUEST_MAIL_ADDRESS_INVALID');
      }
      const anonymous = await graphql(ASK, { code, input: { email: 'guest@example.com' } });
      expect(anonymous.errors?.[0].extensions.code).toBe('GUEST_IDENTITY_REQUIRED');
    });

    it('limits how often one guest leaves an address, and how many forged stop links one client tries', async () => {
      const { code } = await createGallery();
      const guest = { guestIdentity: identities.issue().token };
      const askAs = (email: string) => graphql(ASK, { code, input: { email } }, guest);
      for (let attempt = 0; attempt < 5; attempt++)
        expect((await askAs(`typo-${attempt}@example.com`)).errors).toBeUndefined();
      expect((await askAs('final@example.com')).errors?.[0].extensions.code).toBe('RATE_LIMITED');
      // Corrections replaced the one address this guest left.
      expect(
        await db().query('SELECT email FROM photos_ready_requests WHERE event_code = $1', [code]),
      ).toEqual([{ email: 'typo-4@example.com' }]);

      const client = { client: `stop-guesser-${randomUUID()}` };
      const forged = `${randomUUID()}.${'B'.repeat(43)}`;
      for (let attempt = 0; attempt < 20; attempt++)
        expect((await graphql(STOP, { token: forged }, client)).errors?.[0].extensions.code).toBe(
          'MAIL_STOP_LINK_INVALID',
        );
      expect((await graphql(STOP, { token: forged }, client)).errors?.[0].extensions.code).toBe(
        'RATE_LIMITED',
      );
    });

    it('queues each mail once when two replicas run the queue at the same moment', async () => {
      const { code } = await createGallery();
      const reveal = new Date(Date.now() + HOUR_MS);
      await revealAt(code, reveal);
      const addresses = Array.from({ length: 12 }, () => `race-${randomUUID()}@example.com`);
      for (const address of addresses) await ask(code, address);
      const at = new Date(reveal.getTime() + 1000);
      const counts = await Promise.all(
        replicas.map((replica) => replica.get(PhotosReadyMailQueue).queueDue(at)),
      );
      expect(counts[0] + counts[1]).toBe(addresses.length);
      await waitFor('every guest’s mail', async () => {
        const caught = await caughtMail(mail!.webUrl);
        return addresses.every((address) => caught.some((message) => message.to[0].address === address));
      });
      await consumersDrained();
      for (const address of addresses) expect(await mailsTo(address)).toHaveLength(1);
    });
  });

  describe("the couple's daily digest", () => {
    // Before the galleries' storage ends (a week after the 2027-06-12 wedding), at 9:00 UTC.
    const digestRun = new Date('2027-06-01T09:00:00Z');

    /** The couple's digests (their order confirmation also comes to them): subjects that end with the code. */
    async function digestsTo(owner: { email: string; code: string }) {
      return (await mailsTo(owner.email)).filter((message) => message.subject.endsWith(owner.code));
    }

    it('goes only while something waits, once a day, whichever replica runs it', async () => {
      const busy = await createGallery(`busy-${randomUUID()}@example.com`);
      const quiet = await createGallery(`quiet-${randomUUID()}@example.com`);
      await db().query('UPDATE events SET photo_approval = true WHERE code = ANY($1)', [
        [busy.code, quiet.code],
      ]);
      waiting.set(busy.code, { photos: 3, messages: 1 });

      // Both replicas at once, again while media's answer is late (a run that hears nothing queues nothing).
      let queued = 0;
      await waitFor(
        'the busy couple’s digest to be queued',
        async () => {
          const counts = await Promise.all(
            replicas.map((replica) => replica.get(OwnerDigests).queueDue(digestRun)),
          );
          queued += counts[0] + counts[1];
          return queued > 0;
        },
        60_000,
      );
      expect(queued).toBe(1);
      const [digest] = await waitFor('the busy couple’s digest', () =>
        digestsTo(busy).then((found) => found.length && found),
      );
      expect(digest.subject).toBe(`Waiting for you in gallery ${busy.code}`);
      expect(digest.text).toContain('Photos waiting for your approval: 3.');
      expect(digest.text).toContain('Guestbook messages waiting for your approval: 1.');
      expect(digest.text).toContain(`https://gallery.test/event/${busy.code}/review`);
      expect(digest.text).not.toContain('storage');

      // Later the same day: nothing more.
      expect(
        await app()
          .get(OwnerDigests)
          .queueDue(new Date(digestRun.getTime() + 3 * HOUR_MS)),
      ).toBe(0);
      await consumersDrained();
      expect(await digestsTo(busy)).toHaveLength(1);
      expect(await digestsTo(quiet)).toHaveLength(0);
    });

    it('says the backup stopped while the gallery stays off Premium', async () => {
      waiting.clear();
      const stopped = await createGallery(`backup-${randomUUID()}@example.com`, 'es');
      await events!.publish({
        id: randomUUID(),
        type: 'backup.stopped',
        occurredAt: new Date().toISOString(),
        data: { code: stopped.code, reason: 'plan', address: 'https://cloud.example.com/dav/' },
      });
      await waitFor('the stopped backup to be recorded', async () => {
        const [row] = (await db().query('SELECT backup_stopped_at FROM events WHERE code = $1', [
          stopped.code,
        ])) as { backup_stopped_at: Date | null }[];
        return row.backup_stopped_at !== null;
      });
      expect(await app().get(OwnerDigests).queueDue(new Date('2027-06-03T08:30:00Z'))).toBe(1);
      const [digest] = await waitFor('the digest', () =>
        digestsTo(stopped).then((found) => found.length && found),
      );
      expect(digest.text).toContain(
        `La copia de seguridad en tu nube se detuvo: la galería ya no tiene el plan Premium. Reanúdala: https://gallery.test/es/upgrade/${stopped.code}`,
      );
      // Back on Premium: nothing waits any more.
      await db().query(`UPDATE events SET plan = 'premium' WHERE code = $1`, [stopped.code]);
      expect(await app().get(OwnerDigests).queueDue(new Date('2027-06-04T08:30:00Z'))).toBe(0);
    });

    it('says storage ends soon, and stays quiet for a couple who turned it off', async () => {
      waiting.clear();
      const ending = await createGallery(`ending-${randomUUID()}@example.com`, 'fr');
      const off = await createGallery(`off-${randomUUID()}@example.com`);
      const run = new Date('2027-06-02T10:00:00Z');
      const endsAt = new Date(run.getTime() + 2 * 24 * HOUR_MS);
      await db().query('UPDATE events SET expires_at = $2 WHERE code = ANY($1)', [
        [ending.code, off.code],
        endsAt,
      ]);
      const turnedOff = await graphql(
        SET_MAIL,
        { code: off.code, mail: 'STORAGE_ENDING', on: false },
        { token: off.ownerToken },
      );
      expect(turnedOff.data?.setOwnerMail).toContainEqual({ mail: 'STORAGE_ENDING', on: false });
      expect(
        (await graphql(SET_MAIL, { code: off.code, mail: 'STORAGE_ENDING', on: true })).errors?.[0].extensions
          .code,
      ).toBe('UNAUTHENTICATED');

      expect(await app().get(OwnerDigests).queueDue(run)).toBe(1);
      const [digest] = await waitFor('the digest', () =>
        digestsTo(ending).then((found) => found.length && found),
      );
      expect(digest.text).toContain('Le stockage de votre galerie court jusqu’au 4 juin 2027.');
      expect(digest.text).toContain(`https://gallery.test/fr/upgrade/${ending.code}`);
      await consumersDrained();
      expect(await digestsTo(off)).toHaveLength(0);
    });
  });

  describe("the couple's choice per mail, and one-click unsubscribe", () => {
    const CHOICES = `query ($code: String!) { ownerMails(eventCode: $code) { mail on } }`;
    const oneClick = (url: string) =>
      request(app().getHttpServer())
        .post(new URL(url).pathname)
        .set(CLIENT_ADDRESS_HEADER, `client-${randomUUID()}`)
        .type('form')
        .send('List-Unsubscribe=One-Click');
    /** The one-click link of a caught mail, once its headers say it is one (RFC 8058). */
    async function oneClickLink(message: CaughtMail): Promise<string> {
      const headers = await mailHeaders(mail!.mailDirectory, message.id);
      expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const link = /^<(https:\/\/gallery\.test\/unsubscribe\/[^>]+)>$/.exec(
        headers['list-unsubscribe'] ?? '',
      );
      expect(link).not.toBeNull();
      return link![1]!;
    }

    it("a guest's mail carries a one-click stop, and posting the guest's stop link stops it", async () => {
      const { code } = await createGallery();
      const reveal = new Date(Date.now() + HOUR_MS);
      await revealAt(code, reveal);
      const stopped = `guest-${randomUUID()}@example.com`;
      const kept = `guest-${randomUUID()}@example.com`;
      const { stopToken } = await ask(code, stopped, 'es');
      await ask(code, kept, 'es');
      // Posted with no cookie and no page, as a mail client does; again: still done.
      expect((await oneClick(`https://gallery.test/unsubscribe/${stopToken}`)).status).toBe(200);
      expect((await oneClick(`https://gallery.test/unsubscribe/${stopToken}`)).status).toBe(200);
      const forged = await oneClick(`https://gallery.test/unsubscribe/${stopToken!.slice(0, -2)}AA`);
      expect(forged.status).toBe(400);
      expect(forged.body.errors[0].extensions.code).toBe('MAIL_STOP_LINK_INVALID');

      expect(
        await app()
          .get(PhotosReadyMailQueue)
          .queueDue(new Date(reveal.getTime() + 1000)),
      ).toBe(1);
      const [sent] = await waitFor('the other guest’s mail', () =>
        mailsTo(kept).then((found) => found.length && found),
      );
      expect(sent.subject).toBe('Ya están las fotos de la boda de Sarah & Mike');
      expect(await oneClickLink(sent)).toMatch(
        /^https:\/\/gallery\.test\/unsubscribe\/[0-9a-f-]{36}\.[\w-]{43}$/,
      );
      await consumersDrained();
      expect(await mailsTo(stopped)).toHaveLength(0);
    });

    it('leaves out the parts the couple turned off, and its one-click link turns the whole digest off', async () => {
      waiting.clear();
      const owner = await createGallery(`choosy-${randomUUID()}@example.com`, 'fr');
      const asOwner = { token: owner.ownerToken };
      await db().query('UPDATE events SET photo_approval = true WHERE code = $1', [owner.code]);
      waiting.set(owner.code, { photos: 2, messages: 4 });
      const choices = await graphql(CHOICES, { code: owner.code }, asOwner);
      expect(choices.data?.ownerMails).toEqual(
        [...DIGEST_PARTS, 'GALLERY_FULL', 'PIN_GUESSING'].map((mail) => ({ mail, on: true })),
      );
      await graphql(SET_MAIL, { code: owner.code, mail: 'WAITING_MESSAGES', on: false }, asOwner);

      expect(await app().get(OwnerDigests).queueDue(new Date('2027-06-05T09:00:00Z'))).toBe(1);
      const [digest] = await waitFor('the digest', async () => {
        const found = (await mailsTo(owner.email)).filter((message) => message.subject.endsWith(owner.code));
        return found.length && found;
      });
      expect(digest.text).toContain('Photos en attente de votre validation : 2.');
      expect(digest.text).not.toContain('livre d’or');
      expect(digest.text).toContain(`https://gallery.test/event/${owner.code}#mails`);

      expect((await oneClick(await oneClickLink(digest))).status).toBe(200);
      const after = await graphql(CHOICES, { code: owner.code }, asOwner);
      expect(after.data?.ownerMails).toEqual([
        ...DIGEST_PARTS.map((mail) => ({ mail, on: false })),
        { mail: 'GALLERY_FULL', on: true },
        { mail: 'PIN_GUESSING', on: true },
      ]);
      expect(await app().get(OwnerDigests).queueDue(new Date('2027-06-06T09:00:00Z'))).toBe(0);
    });

    it("opened in a browser, a digest's link is a page in the couple's language whose button stops it", async () => {
      const owner = await createGallery(`page-${randomUUID()}@example.com`, 'fr');
      const asOwner = { token: owner.ownerToken };
      const link = `/unsubscribe/${identities.digestStopToken(owner.code)}`;
      const fr = oneClickStopPageTexts('fr');
      const server = app().getHttpServer();
      // Read by a mail scanner or a person: a page, and nothing stopped.
      const page = await request(server).get(link).set('accept-language', 'es');
      expect(page.status).toBe(200);
      expect(page.type).toBe('text/html');
      expect(page.text).toContain('<html lang="fr">');
      expect(page.text).toContain(`<h1>${fr.title.digest}</h1>`);
      expect(page.text).toContain(fr.whatStops.digest);
      expect(page.text).toContain(
        `<form method="post" action="?page=1"><button type="submit">${fr.confirm.digest}`,
      );
      const before = await graphql(CHOICES, { code: owner.code }, asOwner);
      expect(before.data?.ownerMails).toContainEqual({ mail: 'WAITING_PHOTOS', on: true });

      // Its button: a form POST with no cookie, answered with a page.
      const done = await request(server)
        .post(`${link}?page=1`)
        .set(CLIENT_ADDRESS_HEADER, `client-${randomUUID()}`)
        .type('form')
        .send('');
      expect(done.status).toBe(200);
      expect(done.type).toBe('text/html');
      expect(done.text).toContain(fr.done.digest);
      const after = await graphql(CHOICES, { code: owner.code }, asOwner);
      expect(after.data?.ownerMails).toEqual([
        ...DIGEST_PARTS.map((mail) => ({ mail, on: false })),
        { mail: 'GALLERY_FULL', on: true },
        { mail: 'PIN_GUESSING', on: true },
      ]);

      // A link this service did not sign: said in the browser's language, with nothing to press.
      const forged = await request(server)
        .get(`${link.slice(0, -2)}AA`)
        .set(CLIENT_ADDRESS_HEADER, `client-${randomUUID()}`)
        .set('accept-language', 'es-MX,es;q=0.9');
      expect(forged.status).toBe(400);
      expect(forged.text).toContain('<html lang="es">');
      expect(forged.text).toContain(es.errors.MAIL_STOP_LINK_INVALID);
      expect(forged.text).not.toContain('<form');
    });

    it("opened in a browser, a guest's link says what stops until it went, then that nothing is left", async () => {
      const { code } = await createGallery();
      const email = `guest-${randomUUID()}@example.com`;
      const { stopToken } = await ask(code, email, 'es');
      const link = `/unsubscribe/${stopToken}`;
      const server = app().getHttpServer();
      const page = await request(server).get(link).set('accept-language', 'fr');
      expect(page.status).toBe(200);
      expect(page.text).toContain('<html lang="es">');
      expect(page.text).toContain(oneClickStopPageTexts('es').whatStops.photosReady);
      const kept = await db().query('SELECT email FROM photos_ready_requests WHERE event_code = $1', [code]);
      expect(kept).toEqual([{ email }]);

      const done = await request(server)
        .post(`${link}?page=1`)
        .set(CLIENT_ADDRESS_HEADER, `client-${randomUUID()}`)
        .type('form')
        .send('');
      expect(done.text).toContain(oneClickStopPageTexts('es').done.photosReady);
      expect(await db().query('SELECT 1 FROM photos_ready_requests WHERE event_code = $1', [code])).toEqual(
        [],
      );
      const again = await request(server).get(link).set('accept-language', 'fr');
      expect(again.status).toBe(200);
      expect(again.text).toContain(oneClickStopPageTexts('fr').nothingLeft);
      expect(again.text).not.toContain('<form');
    });

    it('sends the mail of a full gallery only to couples who want it', async () => {
      const off = await createGallery(`full-off-${randomUUID()}@example.com`);
      const on = await createGallery(`full-on-${randomUUID()}@example.com`);
      await graphql(SET_MAIL, { code: off.code, mail: 'GALLERY_FULL', on: false }, { token: off.ownerToken });
      for (const code of [off.code, on.code])
        await events!.publish({
          id: randomUUID(),
          type: 'photo.limit-reached',
          occurredAt: new Date().toISOString(),
          data: { code, photoLimit: 50 },
        });
      // Handled in order: once the second is mailed, the first was handled.
      const [full] = await waitFor(
        'the mail of the full gallery',
        () =>
          mailsTo(on.email).then((found) => {
            const mails = found.filter((message) => message.subject === `Your gallery ${on.code} is full`);
            return mails.length && mails;
          }),
        120_000,
      );
      expect(full.text).toContain('50');
      expect(
        (await mailsTo(off.email)).filter((message) => message.subject.includes('is full')),
      ).toHaveLength(0);
    }, 180_000);
  });
});
