import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { RATE_LIMITS, Subjects, type DomainEvent } from '@gallery/contracts';
import { startTestWebDav, waitFor, type TestWebDav } from '@gallery/testing';
import { BackupExpiry } from '../src/backups/backup-expiry.js';
import { startBackupTest } from './backup-test.js';

let drive: TestWebDav | undefined;

interface Backup {
  address: string;
  username: string;
  folderPerGuest: boolean;
  state: string;
  stopReason: string | null;
  copied: number;
  total: number;
  lastFailure: string | null;
  lastError: string | null;
}
const BACKUP_FIELDS = 'address username folderPerGuest state stopReason copied total lastFailure lastError';

// Hooks run in the order they are declared: the WebDAV drive starts before the service and stops after it.
beforeAll(async () => {
  drive = await startTestWebDav();
}, 60_000);
const service = startBackupTest<Backup>({ bucket: 'backup-test', backupFields: BACKUP_FIELDS });
afterAll(() => drive?.stop(), 60_000);
const {
  galleries,
  graphql,
  owner,
  publish,
  state,
  newGallery,
  addPhoto,
  giveGuestCopy,
  uploaded,
  approved,
  hidden,
  privacyChanged,
  untilCopied,
  sha,
} = service;

function connect(code: string, values: { url?: string; password?: string; folderPerGuest?: boolean } = {}) {
  return graphql<{ connectWebDavBackup: Backup }>(
    `mutation ($code: String!, $url: String!, $username: String!, $password: String!, $perGuest: Boolean!) {
      connectWebDavBackup(eventCode: $code, url: $url, username: $username, password: $password, folderPerGuest: $perGuest) { ${BACKUP_FIELDS} }
    }`,
    {
      code,
      url: values.url ?? drive!.url,
      username: drive!.username,
      password: values.password ?? drive!.password,
      perGuest: values.folderPerGuest ?? false,
    },
    owner(code),
  );
}

async function connected(code: string, values: { folderPerGuest?: boolean } = {}) {
  const answer = await connect(code, values);
  expect(answer.errors).toBeUndefined();
  return answer.data!.connectWebDavBackup;
}

/** The couple turns "keep where photos were taken" off, and the service has taken their choice in. */
async function dropMetadata(code: string) {
  await privacyChanged(code, false);
  await waitFor('the choice kept', async () =>
    (
      (await service.db.query('SELECT keep_metadata FROM backup_owner_choices WHERE event_code = $1', [
        code,
      ])) as { keep_metadata: boolean }[]
    )[0]?.keep_metadata === false
      ? true
      : null,
  );
}

/** The drive's files of a gallery's folder, by the photo id prefix each name ends with. */
async function filesOf(code: string): Promise<Map<string, string[]>> {
  const byPhoto = new Map<string, string[]>();
  for (const file of (await drive!.files()).keys()) {
    if (!file.startsWith(`Sarah & Mike ${code}/`)) continue;
    const prefix = /([0-9a-f]{8})\.[a-z]+$/.exec(file)?.[1] ?? file;
    byPhoto.set(prefix, [...(byPhoto.get(prefix) ?? []), file]);
  }
  return byPhoto;
}

/** Every photo is in the drive exactly once, byte for byte. */
async function expectEachOnce(code: string) {
  const files = await filesOf(code);
  const photos = galleries.get(code)!.photos;
  expect(files.size).toBe(photos.length);
  for (const photo of photos) {
    const copies = files.get(photo.id.slice(0, 8));
    expect(copies).toHaveLength(1);
    expect(sha(await readFile(path.join(drive!.dataDir, copies![0]!)))).toBe(sha(photo.bytes));
  }
}

describe('backup service', () => {
  it('is healthy when its database, NATS and storage answer', async () => {
    expect((await request(service.app.getHttpServer()).get('/health')).status).toBe(200);
  });

  it('refuses a gallery that is not on Premium, naming Premium', async () => {
    for (const plan of ['free', 'standard'] as const) {
      const answer = await connect(newGallery({ plan }));
      expect(answer.errors?.[0]?.extensions?.code).toBe('BACKUP_NEEDS_PREMIUM');
    }
  });

  it('checks the credentials with the drive before keeping them, and refuses with the reason', async () => {
    const code = newGallery();
    expect((await connect(code, { password: 'wrong' })).errors?.[0]?.extensions?.code).toBe(
      'BACKUP_CREDENTIALS_REFUSED',
    );
    expect((await connect(code, { url: 'http://127.0.0.1:9/dav/' })).errors?.[0]?.extensions?.code).toBe(
      'BACKUP_DESTINATION_UNREACHABLE',
    );
    expect((await connect(code, { url: 'ftp://drive.example.com/' })).errors?.[0]?.extensions?.code).toBe(
      'BACKUP_URL_INVALID',
    );
    expect(await state(code)).toBeNull();
  });

  it('refuses overlong credentials, and too many tries at connecting one gallery', async () => {
    const code = newGallery();
    expect((await connect(code, { password: 'x'.repeat(501) })).errors?.[0]?.extensions?.code).toBe(
      'BACKUP_CREDENTIALS_TOO_LONG',
    );
    const codes: (string | undefined)[] = [];
    for (let i = 0; i <= RATE_LIMITS.backupConnects.points; i++) {
      codes.push((await connect(code, { password: 'wrong' })).errors?.[0]?.extensions?.code);
    }
    expect(codes.slice(0, -1).every((refusal) => refusal === 'BACKUP_CREDENTIALS_REFUSED')).toBe(true);
    expect(codes.at(-1)).toBe('RATE_LIMITED');
  });

  it('is the owner’s only', async () => {
    const code = newGallery();
    const answer = await graphql(
      `
        query ($code: String!) {
          backup(eventCode: $code) {
            copied
          }
        }
      `,
      { code },
      'Bearer someone-else',
    );
    expect(answer.errors?.[0]?.extensions?.code).toBe('NOT_GALLERY_OWNER');
  });

  it('copies each uploaded photo to the gallery folder, with the password kept sealed', async () => {
    const code = newGallery();
    const backup = await connected(code);
    expect(backup).toMatchObject({ address: drive!.url, state: 'ACTIVE', copied: 0, total: 0 });
    const photo = await addPhoto(code, 'Anna');
    await uploaded(code, photo);
    await untilCopied(code, 1);
    const files = [...(await drive!.files()).keys()];
    expect(files).toContain(`Sarah & Mike ${code}/2026-06-13 18.00.00 Anna ${photo.id.slice(0, 8)}.jpg`);
    await expectEachOnce(code);
    const [row] = (await service.db.query(
      'SELECT credentials FROM backup_destinations WHERE event_code = $1',
      [code],
    )) as { credentials: Buffer }[];
    expect(row!.credentials.includes(Buffer.from(drive!.password))).toBe(false);
  });

  it('gets every photo of a burst there exactly once when the drive stops in the middle and comes back', async () => {
    const code = newGallery();
    await connected(code);
    const photos = [];
    for (let i = 0; i < 40; i++) photos.push(await addPhoto(code));
    for (const photo of photos.slice(0, 20)) await uploaded(code, photo);
    await waitFor('some copies', async () => ((await state(code))?.copied ?? 0) >= 3);
    await drive!.down();
    for (const photo of photos.slice(20)) await uploaded(code, photo);
    // The same upload announced twice (a redelivery) is still one copy.
    await uploaded(code, photos[25]!);
    const failing = await waitFor('the failure on the page', async () => {
      const backup = await state(code);
      return backup?.lastFailure ? backup : null;
    });
    expect(failing.lastFailure).toBe('UNREACHABLE');
    expect(failing.copied).toBeLessThan(40);
    await drive!.up();
    const done = await untilCopied(code, 40);
    expect(done.lastFailure).toBeNull();
    await expectEachOnce(code);
  });

  it('finishes the copies after a restart of the service mid-way, each photo once', async () => {
    const code = newGallery();
    await connected(code);
    const photos = [];
    for (let i = 0; i < 30; i++) photos.push(await addPhoto(code));
    for (const photo of photos) await uploaded(code, photo);
    await waitFor('some copies', async () => ((await state(code))?.copied ?? 0) >= 2);
    // A copy that reached the drive while its process died before marking it: claimed, not marked.
    await service.restart();
    await service.db.query(
      `UPDATE backup_items SET status = 'pending', due_at = now() - interval '1 second'
       WHERE photo_id = $1`,
      [photos[0]!.id],
    );
    await untilCopied(code, 30);
    await expectEachOnce(code);
  }, 180_000);

  it('backs up everything the gallery had before, once, however often it is asked', async () => {
    const code = newGallery();
    for (let i = 0; i < 5; i++) await addPhoto(code);
    await connected(code);
    const everything = `mutation ($code: String!) { backUpEverything(eventCode: $code) { ${BACKUP_FIELDS} } }`;
    expect(
      (await graphql<{ backUpEverything: Backup }>(everything, { code }, owner(code))).data?.backUpEverything
        .total,
    ).toBe(5);
    await untilCopied(code, 5);
    await graphql(everything, { code }, owner(code));
    expect(await state(code)).toMatchObject({ copied: 5, total: 5 });
    for (let i = 2; i < RATE_LIMITS.backupEverything.points; i++)
      await graphql(everything, { code }, owner(code));
    const refused = await graphql(everything, { code }, owner(code));
    expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    await expectEachOnce(code);
  });

  it('puts each guest in a folder of their own when the couple chooses, those without a name in theirs', async () => {
    const code = newGallery();
    await connected(code);
    const answer = await graphql<{ setBackupFolderPerGuest: Backup }>(
      `
        mutation ($code: String!) {
          setBackupFolderPerGuest(eventCode: $code, folderPerGuest: true) {
            folderPerGuest
          }
        }
      `,
      { code },
      owner(code),
    );
    expect(answer.data?.setBackupFolderPerGuest.folderPerGuest).toBe(true);
    const anna = await addPhoto(code, 'Anna');
    const nameless = await addPhoto(code, null);
    await uploaded(code, anna);
    await uploaded(code, nameless);
    await untilCopied(code, 2);
    const files = [...(await drive!.files()).keys()];
    expect(files).toContain(`Sarah & Mike ${code}/Anna/2026-06-13 18.00.00 Anna ${anna.id.slice(0, 8)}.jpg`);
    expect(files).toContain(
      `Sarah & Mike ${code}/Guests without a name/2026-06-13 18.00.01 IMG_0001 ${nameless.id.slice(0, 8)}.jpg`,
    );
  });

  it('stops new copies when a refund leaves Premium, says so for the mail, and resumes on Premium again', async () => {
    const code = newGallery();
    await connected(code);
    const stops: DomainEvent[] = [];
    const watch = service.bus.nc.subscribe(Subjects.BackupStopped, {
      callback: (_error, message) => void stops.push(message.json<DomainEvent>()),
    });
    const expiresAt = galleries.get(code)!.expiresAt;
    await publish(Subjects.PlanUpgraded, {
      code,
      previousPlan: 'premium',
      plan: 'standard',
      expiresAt,
      reason: 'refund',
    });
    await waitFor('stopped', async () => ((await state(code))?.state === 'STOPPED' ? true : null));
    expect((await state(code))?.stopReason).toBe('PLAN');
    await waitFor('backup.stopped', async () => stops.length > 0);
    expect(stops[0]!.data).toEqual({ code, reason: 'plan', address: drive!.url });
    galleries.get(code)!.plan = 'standard';
    const photo = await addPhoto(code);
    await uploaded(code, photo);
    await waitFor('recorded', async () => ((await state(code))?.total === 1 ? true : null));
    const everything = await graphql(
      `
        mutation ($code: String!) {
          backUpEverything(eventCode: $code) {
            copied
          }
        }
      `,
      { code },
      owner(code),
    );
    expect(everything.errors?.[0]?.extensions?.code).toBe('BACKUP_NEEDS_PREMIUM');
    expect((await state(code))?.copied).toBe(0);
    galleries.get(code)!.plan = 'premium';
    await publish(Subjects.PlanUpgraded, {
      code,
      previousPlan: 'standard',
      plan: 'premium',
      expiresAt,
      reason: 'payment',
    });
    await untilCopied(code, 1);
    watch.unsubscribe();
  });

  it('stops when the gallery’s storage ends, and says so for the mail', async () => {
    const code = newGallery();
    await connected(code);
    const stops: DomainEvent[] = [];
    const watch = service.bus.nc.subscribe(Subjects.BackupStopped, {
      callback: (_error, message) => void stops.push(message.json<DomainEvent>()),
    });
    await service.db.query(
      `UPDATE backup_destinations SET expires_at = now() - interval '1 minute' WHERE event_code = $1`,
      [code],
    );
    expect(await service.app.get(BackupExpiry).sweep()).toBeGreaterThanOrEqual(1);
    expect(await state(code)).toMatchObject({ state: 'STOPPED', stopReason: 'EXPIRED' });
    await waitFor('backup.stopped', async () =>
      stops.find((stop) => (stop.data as { code: string }).code === code),
    );
    expect(stops.find((stop) => (stop.data as { code: string }).code === code)!.data).toEqual({
      code,
      reason: 'expired',
      address: drive!.url,
    });
    watch.unsubscribe();
  });

  it('leaves out a photo removed from the gallery before its copy', async () => {
    const code = newGallery();
    await connected(code);
    const kept = await addPhoto(code);
    const removed = await addPhoto(code);
    galleries.get(code)!.photos = galleries.get(code)!.photos.filter((photo) => photo.id !== removed.id);
    await uploaded(code, removed);
    await uploaded(code, kept);
    await untilCopied(code, 1);
  });

  it('copies a photo waiting for the couple’s approval once they approve it, not before', async () => {
    const code = newGallery();
    await connected(code);
    const waiting = await addPhoto(code, 'Anna', { review: 'waiting' });
    await uploaded(code, waiting, { awaitingApproval: true });
    const shown = await addPhoto(code, 'Ben');
    await uploaded(code, shown);
    // Events are handled in order: the waiting photo's upload was before the copy counted here.
    await untilCopied(code, 1);
    expect([...(await filesOf(code)).keys()]).toEqual([shown.id.slice(0, 8)]);
    await approved(code, waiting);
    await untilCopied(code, 2);
    await expectEachOnce(code);
  });

  it('leaves out a photo the couple hid before its copy, and copies it if they approve it after all', async () => {
    const code = newGallery();
    await connected(code);
    // Held back (as a stopped backup is), so the hiding comes before any copy.
    await service.db.query(`UPDATE backup_destinations SET state = 'STOPPED' WHERE event_code = $1`, [code]);
    const photo = await addPhoto(code);
    await uploaded(code, photo);
    await waitFor('recorded', async () => ((await state(code))?.total === 1 ? true : null));
    await hidden(code, photo);
    await waitFor('left out', async () => ((await state(code))?.total === 0 ? true : null));
    await service.db.query(`UPDATE backup_destinations SET state = 'ACTIVE' WHERE event_code = $1`, [code]);
    await approved(code, photo);
    await untilCopied(code, 1);
    await expectEachOnce(code);
  });

  it('copies the guests’ copies, without metadata, when the couple’s own downloads drop it', async () => {
    const code = newGallery();
    await dropMetadata(code);
    await connected(code);
    const withCopy = await addPhoto(code, 'Anna', { guestCopy: true });
    // Its copy without metadata not made yet: the original is never copied instead.
    const withoutCopy = await addPhoto(code, 'Ben');
    await uploaded(code, withCopy);
    await uploaded(code, withoutCopy);
    const waiting = await untilCopied(code, 1, 2);
    expect(waiting.lastFailure).toBeNull();
    await giveGuestCopy(withoutCopy);
    await untilCopied(code, 2);
    const files = await filesOf(code);
    for (const photo of [withCopy, withoutCopy]) {
      const [file] = files.get(photo.id.slice(0, 8))!;
      expect(sha(await readFile(path.join(drive!.dataDir, file!)))).toBe(sha(photo.guestBytes!));
    }
  });

  it('asks media for a guests’ copy still to be made, and copies it', async () => {
    const code = newGallery();
    await dropMetadata(code);
    await connected(code);
    const photo = await addPhoto(code, 'Anna', { guestCopy: 'when-asked' });
    await uploaded(code, photo);
    await untilCopied(code, 1);
    const [file] = (await filesOf(code)).get(photo.id.slice(0, 8))!;
    expect(sha(await readFile(path.join(drive!.dataDir, file!)))).toBe(sha(photo.guestBytes!));
    expect(service.guestCopyQuestions.filter((asked) => asked.code === code)).toEqual([
      { code, photoId: photo.id },
    ]);
  });

  it('forgets the drive and its credentials on disconnect, and everything of a purged gallery', async () => {
    const code = newGallery();
    await connected(code);
    const answer = await graphql<{ disconnectBackup: boolean }>(
      `
        mutation ($code: String!) {
          disconnectBackup(eventCode: $code)
        }
      `,
      { code },
      owner(code),
    );
    expect(answer.data?.disconnectBackup).toBe(true);
    expect(await state(code)).toBeNull();
    expect(
      await service.db.query('SELECT 1 FROM backup_destinations WHERE event_code = $1', [code]),
    ).toHaveLength(0);

    const purged = newGallery();
    await connected(purged);
    await publish(Subjects.EventExpired, { code: purged, reason: 'deleted' });
    await waitFor('the purge', async () =>
      (await service.db.query('SELECT 1 FROM backup_destinations WHERE event_code = $1', [purged])).length ===
      0
        ? true
        : null,
    );
  });
});
