import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  archiveProgressSchema,
  archiveProgressSubject,
  CHOSEN_PHOTOS_LIMIT,
  PHOTOS_OF_YOU_FOLDER,
  type ArchiveProgress,
} from '@gallery/contracts';
import { waitFor } from '@gallery/testing';
import {
  addPhoto,
  bus,
  galleries,
  graphqlAs,
  JOB_FIELDS,
  newGallery,
  useDownload,
  visibilityQuestions,
  zipEntries,
  type GraphQLAnswer,
  type Job,
  type TestGallery,
} from './harness.js';

// "Find me"'s "Download these": a zip of the photos a guest chose, of those media says they may see, flat in
// "Photos of you", under Download All's rights (the couple letting guests download) and limits. media and events
// are stand-ins answering on NATS as their contracts say; storage, PostgreSQL and NATS are real.

useDownload();

/** A gallery whose couple lets guests download, while guests see only their own photos (Download All refused). */
const guestGallery = (values: Partial<TestGallery> = {}) =>
  newGallery({ guestDownloads: true, photosShared: false, visibleTo: new Map(), ...values });

/** A guest's photo, named by when it was taken and who took it. */
const guestPhoto = (code: string, guestName: string, createdAt: string) =>
  addPhoto(code, 'IMG_0001.jpg', { guestName, createdAt, size: 2000 });

/** A GraphQL call as a guest with this identity (each call from an address of its own). */
const asGuest = <T>(query: string, variables: Record<string, unknown>, guest: string) =>
  graphqlAs<T>(query, variables, { guestIdentity: guest });

const requestPhotos = (code: string, photoIds: string[], guest: string) =>
  asGuest<{ requestPhotosArchive: Job }>(
    `mutation ($code: String!, $ids: [ID!]!) { requestPhotosArchive(eventCode: $code, photoIds: $ids) { ${JOB_FIELDS} } }`,
    { code, ids: photoIds },
    guest,
  );

async function finished(code: string, jobId: string, guest: string): Promise<Job> {
  return waitFor(`zip ${jobId}`, async () => {
    const answer = await asGuest<{ archiveJob: Job | null }>(
      `query ($code: String!, $id: ID!) { archiveJob(eventCode: $code, jobId: $id) { ${JOB_FIELDS} } }`,
      { code, id: jobId },
      guest,
    );
    const job = answer.data?.archiveJob;
    return job && job.status !== 'BUILDING' ? job : null;
  });
}

const errorCode = (answer: GraphQLAnswer<unknown>) => answer.errors?.[0]?.extensions?.code;

describe('a zip of chosen photos', () => {
  it("holds the chosen photos the guest may see, flat in their folder, told to nobody else's screen", async () => {
    // Guests see only their own photos here: Download All is refused them, a zip of photos they may see is not.
    const code = guestGallery({ photosShared: false });
    const amyAtDinner = await guestPhoto(code, 'Amy', '2026-06-13T18:04:05.000Z');
    const amyDancing = await guestPhoto(code, 'Raj', '2026-06-13T21:30:00.000Z');
    const notShownToAmy = await guestPhoto(code, 'Penny', '2026-06-13T22:00:00.000Z');
    galleries.get(code)!.visibleTo!.set('amy', new Set([amyAtDinner.id, amyDancing.id]));
    const heard: ArchiveProgress[] = [];
    const subscription = bus!.nc.subscribe(archiveProgressSubject(code), {
      callback: (_error, message) => {
        heard.push(archiveProgressSchema.parse(message.json()));
      },
    });

    const asked = await requestPhotos(code, [amyDancing.id, amyAtDinner.id, notShownToAmy.id], 'amy');
    expect(asked.errors).toBeUndefined();
    const job = await finished(code, asked.data!.requestPhotosArchive.id!, 'amy');
    expect(job).toMatchObject({ status: 'COMPLETE', photoCount: 2 });
    expect(visibilityQuestions.at(-1)).toMatchObject({ code, guestIdentity: 'amy' });

    const entries = await zipEntries(job.downloadUrl!);
    expect([...entries.keys()]).toEqual([
      `${PHOTOS_OF_YOU_FOLDER}/2026-06-13 18.04.05 Amy.jpg`,
      `${PHOTOS_OF_YOU_FOLDER}/2026-06-13 21.30.00 Raj.jpg`,
    ]);
    // The guests' copies (no location, serial numbers or names), as in every guest's zip.
    expect(entries.get(`${PHOTOS_OF_YOU_FOLDER}/2026-06-13 18.04.05 Amy.jpg`)).toEqual(
      amyAtDinner.guestBytes,
    );

    // Its progress reached no guest's screen: its id there would hand Amy's photos to every guest.
    await bus!.nc.flush();
    subscription.unsubscribe();
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.every((progress) => progress.forGuests === false)).toBe(true);

    // The same photos again, in another order and with one Amy may not see: the zip already made.
    const again = await requestPhotos(code, [notShownToAmy.id, amyAtDinner.id, amyDancing.id], 'amy');
    expect(again.data!.requestPhotosArchive).toMatchObject({ id: job.id, status: 'COMPLETE' });

    // Another guest's zip of photos they see is theirs: nothing of Amy's in it.
    galleries.get(code)!.visibleTo!.set('penny', new Set([notShownToAmy.id]));
    const penny = await requestPhotos(code, [amyAtDinner.id, notShownToAmy.id], 'penny');
    const pennyJob = await finished(code, penny.data!.requestPhotosArchive.id!, 'penny');
    expect(pennyJob.id).not.toBe(job.id);
    expect([...(await zipEntries(pennyJob.downloadUrl!)).keys()]).toEqual([
      `${PHOTOS_OF_YOU_FOLDER}/2026-06-13 22.00.00 Penny.jpg`,
    ]);
  });

  it('keeps Download All’s rights and limits', async () => {
    const closed = guestGallery({ guestDownloads: false });
    const photo = await guestPhoto(closed, 'Amy', '2026-06-13T18:04:05.000Z');
    galleries.get(closed)!.visibleTo!.set('amy', new Set([photo.id]));
    expect(errorCode(await requestPhotos(closed, [photo.id], 'amy'))).toBe('FORBIDDEN');

    const open = guestGallery();
    const amy = await guestPhoto(open, 'Amy', '2026-06-13T18:04:05.000Z');
    // None of them hers to see: nothing is built.
    expect((await requestPhotos(open, [amy.id], 'stranger')).data!.requestPhotosArchive).toMatchObject({
      id: null,
      status: 'EMPTY',
    });
    const tooMany = Array.from({ length: CHOSEN_PHOTOS_LIMIT + 1 }, () => randomUUID());
    expect(errorCode(await requestPhotos(open, tooMany, 'amy'))).toBe('VALIDATION_FAILED');
    expect(errorCode(await requestPhotos(open, [], 'amy'))).toBe('VALIDATION_FAILED');
    expect(errorCode(await requestPhotos(open, ['not-an-id'], 'amy'))).toBe('VALIDATION_FAILED');
  });
});
