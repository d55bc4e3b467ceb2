// Who may download a gallery's zip: the couple, guests once allowed, the gallery PIN, shared photos, rate limits.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { en, GUEST_RATE_LIMITS, Subjects } from '@gallery/contracts';
import { publishAsRelay, waitFor } from '@gallery/testing';
import {
  bus,
  db,
  galleries,
  admissionQuestions,
  newCode,
  addPhoto,
  newGallery,
  Job,
  JOB_FIELDS,
  graphql,
  owner,
  requestArchive,
  finished,
  useDownload,
} from './harness.js';

useDownload();

describe('download service', () => {
  it('lets the owner download and refuses guests until the owner allows it', async () => {
    const code = newGallery();
    await addPhoto(code, 'a.jpg');
    expect((await requestArchive(code, null)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await requestArchive(code, 'Bearer not-the-owner')).errors?.[0].extensions?.code).toBe(
      'FORBIDDEN',
    );
    // Another gallery's owner is a stranger here.
    expect((await requestArchive(code, owner(newGallery()))).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    galleries.get(code)!.guestDownloads = true;
    const guest = await requestArchive(code, null);
    expect(guest.errors).toBeUndefined();
    await finished(code, guest.data!.requestArchive.id!);
    expect((await requestArchive(newCode())).errors?.[0].extensions?.code).toBe('GALLERY_NOT_FOUND');
  });

  // who sees what x caller: a guest's zip would be the whole gallery, so none while guests see only their own.
  it.each([
    ['shared with guests', 'a guest', 'a zip', true],
    ['not shared (a drop box, a reveal to come)', 'a guest', 'DOWNLOAD_ALL_PRIVATE', false],
    ['not shared (a drop box, a reveal to come)', 'the couple', 'a zip', false],
  ] as const)(
    'with photos %s, %s asking for Download All gets %s',
    async (_what, caller, outcome, shared) => {
      const code = newGallery();
      await addPhoto(code, 'a.jpg');
      Object.assign(galleries.get(code)!, { guestDownloads: true, photosShared: shared });
      const answer = await requestArchive(code, caller === 'the couple' ? owner(code) : null);
      if (outcome === 'a zip') {
        expect(answer.errors).toBeUndefined();
        await finished(code, answer.data!.requestArchive.id!);
      } else {
        expect(answer.errors?.[0].extensions?.code).toBe(outcome);
        expect(answer.errors?.[0].message).toBe(en.errors[outcome]);
      }
    },
  );

  it('refuses a guest of a gallery with a PIN Download All and its job without the pass, and serves them with it', async () => {
    const pass = `p1.${'A'.repeat(43)}`;
    const code = newGallery({ guestDownloads: true, pinPasses: [pass] });
    newGallery({ guestDownloads: true, pinPasses: [`p1.${'B'.repeat(43)}`] });
    await addPhoto(code, 'a.jpg');
    const ask = (given?: string) =>
      graphql<{ requestArchive: Job }>(
        `mutation ($code: String!) { requestArchive(eventCode: $code) { ${JOB_FIELDS} } }`,
        { code },
        undefined,
        undefined,
        given,
      );

    expect((await ask()).errors?.[0].extensions?.code).toBe('PIN_REQUIRED');
    expect((await ask()).errors?.[0].message).toBe(en.errors.PIN_REQUIRED);
    expect((await ask(`p1.${'B'.repeat(43)}`)).errors?.[0].extensions?.code).toBe('PIN_REQUIRED');
    const admitted = await ask(pass);
    expect(admitted.errors).toBeUndefined();
    const jobId = admitted.data!.requestArchive.id!;
    const job = (given?: string) =>
      graphql(
        `
          query ($code: String!, $id: ID!) {
            archiveJob(eventCode: $code, jobId: $id) {
              id
            }
          }
        `,
        { code, id: jobId },
        undefined,
        undefined,
        given,
      );
    expect((await job()).errors?.[0].extensions?.code).toBe('PIN_REQUIRED');
    expect((await job(pass)).data).toEqual({ archiveJob: { id: jobId } });
    // The couple needs no pass.
    expect((await requestArchive(code)).errors).toBeUndefined();
    await finished(code, jobId);
  });

  it("asks events about a gallery's PIN only when what it knows does not settle it", async () => {
    const questionsAbout = (code: string) => admissionQuestions.filter((asked) => asked.code === code);
    const guestAsks = (code: string, given?: string) =>
      graphql<{ requestArchive: Job }>(
        `
          mutation ($code: String!) {
            requestArchive(eventCode: $code) {
              id
            }
          }
        `,
        { code },
        undefined,
        undefined,
        given,
      );
    const pinVersionKept = (code: string, version: number) =>
      waitFor(`PIN version ${version} kept`, async () => {
        const rows = (await db.query('SELECT version FROM gallery_pins WHERE code = $1', [code])) as {
          version: number;
        }[];
        return rows[0]?.version === version;
      });
    // A new gallery (event.created) has no PIN: its guests are let in without a question.
    const open = newGallery({ guestDownloads: true });
    await addPhoto(open, 'a.jpg');
    const now = new Date();
    await publishAsRelay(bus!, {
      id: randomUUID(),
      type: Subjects.EventCreated,
      occurredAt: now.toISOString(),
      data: {
        code: open,
        name: 'Open',
        plan: 'free',
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
      },
    });
    await pinVersionKept(open, 0);
    for (let request = 0; request < 3; request++) expect((await guestAsks(open)).errors).toBeUndefined();
    expect(questionsAbout(open)).toHaveLength(0);
    // A gallery download has not heard of (created before it kept PIN states): asked once, then known.
    const unknown = newGallery({ guestDownloads: true });
    await addPhoto(unknown, 'a.jpg');
    for (let request = 0; request < 3; request++) expect((await guestAsks(unknown)).errors).toBeUndefined();
    expect(questionsAbout(unknown)).toHaveLength(1);

    // A PIN set later: event.privacy-changed tells download, which then asks about each pass once.
    const pass = `p1.${'C'.repeat(43)}`;
    const pinned = newGallery({ guestDownloads: true });
    await addPhoto(pinned, 'a.jpg');
    const publishPin = async (version: number, passes: string[]) => {
      Object.assign(galleries.get(pinned)!, { pinPasses: passes, pinVersion: version });
      await publishAsRelay(bus!, {
        id: randomUUID(),
        type: Subjects.PrivacyChanged,
        occurredAt: new Date().toISOString(),
        data: {
          code: pinned,
          visibility: 'everyone',
          revealAt: null,
          uploadsOpenAt: null,
          uploadsCloseAt: null,
          guestOriginals: true,
          pin: { set: true, version },
        },
      });
      await pinVersionKept(pinned, version);
    };
    await publishPin(1, [pass]);
    expect((await guestAsks(pinned)).errors?.[0].extensions?.code).toBe('PIN_REQUIRED');
    for (let request = 0; request < 3; request++)
      expect((await guestAsks(pinned, pass)).errors).toBeUndefined();
    expect(questionsAbout(pinned).filter((asked) => asked.pass === pass)).toHaveLength(1);

    // A new PIN ends the old passes: download stops trusting what it remembered under the old version.
    await publishPin(2, [`p1.${'D'.repeat(43)}`]);
    expect((await guestAsks(pinned, pass)).errors?.[0].extensions?.code).toBe('PIN_REQUIRED');
  });

  it('refuses a guest a zip built while photos were shared, once they are not', async () => {
    const code = newGallery();
    await addPhoto(code, 'a.jpg');
    galleries.get(code)!.guestDownloads = true;
    const built = await requestArchive(code, null);
    await finished(code, built.data!.requestArchive.id!);
    galleries.get(code)!.photosShared = false;
    const again = await graphql(
      `
        query ($code: String!, $id: ID!) {
          archiveJob(eventCode: $code, jobId: $id) {
            id
          }
        }
      `,
      { code, id: built.data!.requestArchive.id },
    );
    expect(again.errors?.[0].extensions?.code).toBe('DOWNLOAD_ALL_PRIVATE');
  });

  it('answers RATE_LIMITED past GUEST_RATE_LIMITS.archiveRequests of one caller at a gallery, only that caller', async () => {
    const code = newGallery();
    const client = randomUUID();
    for (let i = 0; i < GUEST_RATE_LIMITS.archiveRequests.perGuest.points; i++) {
      expect((await requestArchive(code, owner(code), client)).errors).toBeUndefined();
    }
    expect((await requestArchive(code, owner(code), client)).errors?.[0].extensions?.code).toBe(
      'RATE_LIMITED',
    );
    expect((await requestArchive(code)).errors).toBeUndefined();
  });
});
