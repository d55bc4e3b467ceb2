import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BACKUP_LIMITS } from '@gallery/contracts';
import { startTestWebDav, waitFor, type TestWebDav } from '@gallery/testing';
import { startBackupTest } from './backup-test.js';
import { startTricklingDrive, type TricklingDrive } from './trickling-drive.js';

// The backup lanes are shared by every gallery: a couple's drive that hangs, or trickles its answers, must not hold
// another couple's copies, nor a connect check, for longer than the limits say.

let healthy: TestWebDav | undefined;
let hostile: TricklingDrive | undefined;

interface Backup {
  state: string;
  copied: number;
  total: number;
  lastFailure: string | null;
  lastError: string | null;
}
const BACKUP_FIELDS = 'state copied total lastFailure lastError';
/** Short for the test, so that the deadline passes within it; the product's is BACKUP_LIMITS.copyBaseSeconds. */
const COPY_DEADLINE_MS = 10_000;

beforeAll(async () => {
  [healthy, hostile] = await Promise.all([startTestWebDav(), startTricklingDrive()]);
}, 60_000);
const service = startBackupTest<Backup>({
  bucket: 'backup-hung-test',
  backupFields: BACKUP_FIELDS,
  copyDeadlineBaseMs: COPY_DEADLINE_MS,
});
afterAll(() => Promise.all([healthy?.stop(), hostile?.stop()]), 60_000);
const { graphql, owner, state, newGallery, addPhoto, uploaded, untilCopied } = service;

function connect(code: string, url: string, username: string, password: string) {
  return graphql<{ connectWebDavBackup: Backup }>(
    `mutation ($code: String!, $url: String!, $username: String!, $password: String!) {
      connectWebDavBackup(eventCode: $code, url: $url, username: $username, password: $password, folderPerGuest: false) { ${BACKUP_FIELDS} }
    }`,
    { code, url, username, password },
    owner(code),
  );
}

describe('a drive that hangs', () => {
  it(`answers the connect check unreachable within ${BACKUP_LIMITS.checkSeconds} s however the drive trickles`, async () => {
    const code = newGallery();
    const answer = await connect(code, `${hostile!.url}trickle-check/`, 'couple', 'secret');
    expect(answer.errors?.[0]?.extensions?.code).toBe('BACKUP_DESTINATION_UNREACHABLE');
    expect(await state(code)).toBeNull();
    await waitFor('the trickled check closed', async () => (hostile!.checksCutOff() === 1 ? true : null));
  }, 60_000);

  // One gallery's thousands of copies to a trickling drive, and another gallery's photo uploaded after them.
  const slow = { code: '' };

  it('copies another gallery’s photo while one gallery’s drive holds its copies, in no more than its lanes', async () => {
    slow.code = newGallery();
    expect(
      (await connect(slow.code, `${hostile!.url}trickle-copy/`, 'couple', 'secret')).errors,
    ).toBeUndefined();
    for (let i = 0; i < 40; i++) await uploaded(slow.code, await addPhoto(slow.code, 'Anna'));
    await waitFor('the slow drive’s copies started', async () =>
      hostile!.openPuts() === service.config.lanesPerGallery ? true : null,
    );

    const code = newGallery();
    expect((await connect(code, healthy!.url, healthy!.username, healthy!.password)).errors).toBeUndefined();
    await uploaded(code, await addPhoto(code, 'Ben'));
    await untilCopied(code, 1);

    // The other gallery's copy went through while the slow drive still held every copy it was given.
    expect(hostile!.putsCutOff()).toBe(0);
    expect(hostile!.openPuts()).toBe(service.config.lanesPerGallery);
    expect(hostile!.mostOpenPuts()).toBe(service.config.lanesPerGallery);
    expect(await state(slow.code)).toMatchObject({ copied: 0, total: 40, lastFailure: null });
  }, 60_000);

  it('ends a copy the drive trickles at its deadline, freeing its lane, and says the drive did not answer', async () => {
    const backup = await waitFor(
      'the slow drive’s copies cut off at their deadline',
      async () => {
        const backup = await state(slow.code);
        return backup?.lastFailure ? backup : null;
      },
      COPY_DEADLINE_MS * 4,
    );
    expect(backup.lastFailure).toBe('UNREACHABLE');
    expect(backup.lastError).toMatch(/did not end within [\d.]+ s/);
    expect(hostile!.putsCutOff()).toBeGreaterThanOrEqual(1);
    // The lanes freed went on with the gallery's other copies, still no more than its share at once.
    await waitFor('the next copies started', async () => (hostile!.openPuts() > 0 ? true : null));
    expect(hostile!.mostOpenPuts()).toBe(service.config.lanesPerGallery);
  }, 60_000);
});
