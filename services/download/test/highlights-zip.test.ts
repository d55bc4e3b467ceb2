import { describe, expect, it } from '@jest/globals';
import {
  addPhoto,
  finished,
  galleryPhotosQuestions,
  graphql,
  JOB_FIELDS,
  newGallery,
  owner,
  sha,
  useDownload,
  zipEntries,
  type Job,
} from './harness.js';

// The couple's HIGHLIGHTS zip through the download service: it asks media for the gallery's Highlights only, and
// the zip holds those photos, in media's order (oldest first), named by when they were taken. Media and events
// are stand-ins answering as their contracts say.

useDownload();

describe('a HIGHLIGHTS zip', () => {
  it("holds the gallery's Highlights only, oldest first, named by when they were taken", async () => {
    const code = newGallery();
    const photo = (fileName: string, createdAt: string, highlight: boolean, guestName?: string) =>
      addPhoto(code, fileName, {
        createdAt,
        highlight,
        guestName,
        size: 2000 + Math.floor(Math.random() * 2000),
      });
    // Added out of order: media's answer, not the order of arrival, sets the zip's.
    const anna = await photo('IMG_0200.jpg', '2026-06-13T22:15:00.000Z', true, 'Anna');
    const first = await photo('IMG_0100.jpg', '2026-06-13T18:04:05.000Z', true);
    await photo('blurry.jpg', '2026-06-13T19:00:00.000Z', false);
    const middle = await photo('IMG_0150.jpg', '2026-06-13T20:30:00.000Z', true);
    await photo('IMG_0151.jpg', '2026-06-13T20:30:01.000Z', false, 'Anna');

    const asked = await graphql<{ requestArchive: Job }>(
      `mutation ($code: String!) { requestArchive(eventCode: $code, layout: HIGHLIGHTS) { ${JOB_FIELDS} } }`,
      { code },
      owner(code),
    );
    expect(asked.errors).toBeUndefined();
    const done = await finished(code, asked.data!.requestArchive.id!);
    expect(done).toMatchObject({ status: 'COMPLETE', photoCount: 3 });
    // Every question to media (the request's count, the build's list) was for the Highlights only.
    const questions = galleryPhotosQuestions.filter((question) => question.code === code);
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.every((question) => question.highlights === true)).toBe(true);

    const entries = await zipEntries(done.downloadUrl!);
    expect([...entries.keys()]).toEqual([
      'Sarah & Mike/2026-06-13 18.04.05 IMG_0100.jpg',
      'Sarah & Mike/2026-06-13 20.30.00 IMG_0150.jpg',
      'Sarah & Mike/2026-06-13 22.15.00 Anna.jpg',
    ]);
    expect([...entries.values()].map(sha)).toEqual([first, middle, anna].map((taken) => sha(taken.bytes)));
  });
});
