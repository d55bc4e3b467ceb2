import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestDropbox, startTestGoogleDrive, waitFor, type TestOAuthDrive } from '@gallery/testing';
import { BackupDrives } from '../src/destinations/backup-drives.js';
import { DropboxApp } from '../src/destinations/dropbox-drive.js';
import { GoogleDriveApp } from '../src/destinations/google-drive.js';
import { startBackupTest } from './backup-test.js';

let google: TestOAuthDrive | undefined;
let dropbox: TestOAuthDrive | undefined;

interface Backup {
  kind: string;
  address: string;
  username: string;
  state: string;
  copied: number;
  total: number;
  lastFailure: string | null;
}
const BACKUP_FIELDS = 'kind address username state copied total lastFailure';

// Hooks run in the order they are declared: the drives' stand-ins start before the service and stop after it.
beforeAll(async () => {
  google = await startTestGoogleDrive();
  dropbox = await startTestDropbox();
}, 60_000);
const service = startBackupTest<Backup>({
  bucket: 'backup-oauth-test',
  backupFields: BACKUP_FIELDS,
  drives: () => ({ google, dropbox }),
  listen: true,
});
afterAll(async () => {
  await google?.stop();
  await dropbox?.stop();
}, 60_000);
const { galleries, graphql, owner, state, newGallery, addPhoto, uploaded, untilCopied, sha } = service;

type Kind = 'GOOGLE_DRIVE' | 'DROPBOX';
const standIn = (kind: Kind) => (kind === 'GOOGLE_DRIVE' ? google! : dropbox!);

function start(code: string, kind: Kind) {
  return graphql<{ startOAuthBackup: string }>(
    `
      mutation ($code: String!, $drive: BackupOAuthDrive!) {
        startOAuthBackup(eventCode: $code, drive: $drive)
      }
    `,
    { code, drive: kind },
    owner(code),
  );
}

/** The couple's browser: the drive's sign-in page (which consents at once), then its redirect to the callback. */
async function signIn(code: string, kind: Kind): Promise<{ callback: URL; landing: URL }> {
  const answer = await start(code, kind);
  expect(answer.errors).toBeUndefined();
  const authorizeUrl = new URL(answer.data!.startOAuthBackup);
  expect(authorizeUrl.origin).toBe(standIn(kind).url);
  const consent = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  expect(callback.pathname).toBe(
    `/backup/oauth/${kind === 'GOOGLE_DRIVE' ? 'google-drive' : 'dropbox'}/callback`,
  );
  return { callback, landing: await follow(callback) };
}

/** Where the callback sends the browser. */
async function follow(callback: URL): Promise<URL> {
  const answer = await fetch(callback, { redirect: 'manual' });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location')!);
}

/** Every photo of the gallery is in the drive exactly once, byte for byte. */
function expectEachOnce(kind: Kind, code: string) {
  const folder = kind === 'GOOGLE_DRIVE' ? `Wedding Gallery/Sarah & Mike ${code}/` : `/Sarah & Mike ${code}/`;
  const files = [...standIn(kind).files()].filter(([path]) => path.startsWith(folder));
  const photos = galleries.get(code)!.photos;
  expect(files).toHaveLength(photos.length);
  for (const photo of photos) {
    const copies = files.filter(([path]) => path.includes(` ${photo.id.slice(0, 8)}.`));
    expect(copies).toHaveLength(1);
    expect(sha(copies[0]![1])).toBe(sha(photo.bytes));
  }
}

describe('drives offered', () => {
  it('offers Google Drive and Dropbox only when their app is configured', async () => {
    const offered = await graphql<{ backupDrives: string[] }>('{ backupDrives }', {});
    expect(offered.data?.backupDrives).toEqual(['GOOGLE_DRIVE', 'DROPBOX']);
    const bare = new BackupDrives(service.backupConfig('postgres://unused', {}));
    expect(bare.offered()).toEqual([]);
    expect(() => bare.app('DROPBOX')).toThrow(expect.objectContaining({ code: 'BACKUP_DRIVE_NOT_OFFERED' }));
    expect(new BackupDrives(service.backupConfig('postgres://unused', { google })).offered()).toEqual([
      'GOOGLE_DRIVE',
    ]);
  });
});

describe.each(['GOOGLE_DRIVE', 'DROPBOX'] as const)('%s', (kind) => {
  it('connects through the sign-in, the refresh token kept sealed, the account shown', async () => {
    const code = newGallery();
    const { landing } = await signIn(code, kind);
    expect(landing.toString()).toBe(`${service.serviceUrl}/event/${code}?backup=connected#backup`);
    const authorize = standIn(kind).authorizeCalls.at(-1)!;
    if (kind === 'GOOGLE_DRIVE') {
      expect(authorize.get('scope')).toBe('https://www.googleapis.com/auth/drive.file');
      expect(authorize.get('access_type')).toBe('offline');
    } else {
      expect(authorize.get('token_access_type')).toBe('offline');
    }
    expect(await state(code)).toMatchObject({ kind, username: standIn(kind).email, state: 'ACTIVE' });
    const [row] = (await service.db.query(
      'SELECT credentials FROM backup_destinations WHERE event_code = $1',
      [code],
    )) as { credentials: Buffer }[];
    expect(row!.credentials.includes(Buffer.from('refresh-'))).toBe(false);
    const photo = await addPhoto(code, 'Anna');
    await uploaded(code, photo);
    await untilCopied(code, 1);
    expectEachOnce(kind, code);
  });

  it('refuses a state that is forged, replayed or for another gallery, and a Free gallery', async () => {
    const code = newGallery();
    const answer = await start(code, kind);
    const authorizeUrl = new URL(answer.data!.startOAuthBackup);
    const consent = await fetch(authorizeUrl, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const forged = new URL(callback);
    const [body, signature] = callback.searchParams.get('state')!.split('.');
    const facts = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as { code: string };
    const other = newGallery();
    forged.searchParams.set(
      'state',
      `${Buffer.from(JSON.stringify({ ...facts, code: other })).toString('base64url')}.${signature}`,
    );
    expect((await follow(forged)).toString()).toBe(
      `${service.serviceUrl}/dashboard?backup=BACKUP_OAUTH_STATE_INVALID`,
    );
    const missing = new URL(callback);
    missing.searchParams.delete('state');
    expect((await follow(missing)).searchParams.get('backup')).toBe('BACKUP_OAUTH_STATE_INVALID');
    expect(await state(other)).toBeNull();
    expect(await state(code)).toBeNull();
    // The genuine one connects, once: the same callback again is refused.
    expect((await follow(callback)).searchParams.get('backup')).toBe('connected');
    expect((await follow(callback)).toString()).toBe(
      `${service.serviceUrl}/event/${code}?backup=BACKUP_OAUTH_STATE_INVALID#backup`,
    );
    const denied = newGallery();
    const deniedStart = new URL((await start(denied, kind)).data!.startOAuthBackup);
    const back = new URL(
      `${service.serviceUrl}/backup/oauth/${kind === 'GOOGLE_DRIVE' ? 'google-drive' : 'dropbox'}/callback`,
    );
    back.searchParams.set('state', deniedStart.searchParams.get('state')!);
    back.searchParams.set('error', 'access_denied');
    expect((await follow(back)).searchParams.get('backup')).toBe('BACKUP_OAUTH_DENIED');
    expect(await state(denied)).toBeNull();
    const free = newGallery({ plan: 'free' });
    expect((await start(free, kind)).errors?.[0]?.extensions?.code).toBe('BACKUP_NEEDS_PREMIUM');
  });

  it('gets every photo of a burst there once when the drive stops in the middle and comes back', async () => {
    const code = newGallery();
    await signIn(code, kind);
    const photos = [];
    for (let i = 0; i < 30; i++) photos.push(await addPhoto(code));
    for (const photo of photos.slice(0, 15)) await uploaded(code, photo);
    await waitFor('some copies', async () => ((await state(code))?.copied ?? 0) >= 3);
    await standIn(kind).down();
    for (const photo of photos.slice(15)) await uploaded(code, photo);
    await uploaded(code, photos[20]!);
    const failing = await waitFor('the failure on the page', async () => {
      const backup = await state(code);
      return backup?.lastFailure ? backup : null;
    });
    expect(failing.lastFailure).toBe('UNREACHABLE');
    await standIn(kind).up();
    const done = await untilCopied(code, 30);
    expect(done.lastFailure).toBeNull();
    expectEachOnce(kind, code);
  }, 180_000);

  it('renews an access token the drive no longer takes, with the sealed refresh token', async () => {
    const code = newGallery();
    await signIn(code, kind);
    const first = await addPhoto(code);
    await uploaded(code, first);
    await untilCopied(code, 1);
    const refreshes = standIn(kind).tokenCalls.filter((call) => call.grantType === 'refresh_token').length;
    standIn(kind).expireAccessTokens();
    const second = await addPhoto(code);
    await uploaded(code, second);
    const done = await untilCopied(code, 2);
    expect(done.lastFailure).toBeNull();
    expect(
      standIn(kind).tokenCalls.filter((call) => call.grantType === 'refresh_token').length,
    ).toBeGreaterThan(refreshes);
    expectEachOnce(kind, code);
  });

  it('deletes the tokens on disconnect', async () => {
    const code = newGallery();
    await signIn(code, kind);
    const answer = await graphql<{ disconnectBackup: boolean }>(
      'mutation ($code: String!) { disconnectBackup(eventCode: $code) }',
      { code },
      owner(code),
    );
    expect(answer.data?.disconnectBackup).toBe(true);
    expect(
      await service.db.query('SELECT 1 FROM backup_destinations WHERE event_code = $1', [code]),
    ).toHaveLength(0);
    expect(await state(code)).toBeNull();
  });
});

describe('the drives written to directly', () => {
  /** Signs in with the stand-in as the couple's browser would, and answers the grant. */
  async function granted(app: GoogleDriveApp | DropboxApp) {
    const redirectUri = `${service.serviceUrl}/backup/oauth/test/callback`;
    const consent = await fetch(await app.authorizeUrl('state', redirectUri), { redirect: 'manual' });
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    return app.grant(code, redirectUri, new AbortController().signal);
  }

  const file = (bytes: Buffer) => ({
    size: bytes.length,
    contentType: 'video/mp4',
    open: () => Promise.resolve(Readable.from([bytes])),
  });

  it('sends Dropbox a file over the single-request size in an upload session of chunks', async () => {
    const app = new DropboxApp(service.config.dropbox!, { singleRequestBytes: 1000, chunkBytes: 300 });
    const drive = app.drive((await granted(app)).secret);
    const video = randomBytes(2500);
    await drive.write(['Long videos', 'film.mp4'], file(video), new AbortController().signal);
    expect(sha(dropbox!.files().get('/Long videos/film.mp4')!)).toBe(sha(video));
    // Written again (a copy repeated after a crash): still one file, the new content.
    const again = randomBytes(1200);
    await drive.write(['Long videos', 'film.mp4'], file(again), new AbortController().signal);
    expect([...dropbox!.files().keys()].filter((path) => path.startsWith('/Long videos/'))).toHaveLength(1);
    expect(sha(dropbox!.files().get('/Long videos/film.mp4')!)).toBe(sha(again));
  });

  it('replaces a Google Drive file of the same name instead of adding a second', async () => {
    const app = new GoogleDriveApp(service.config.googleDrive!);
    const drive = app.drive((await granted(app)).secret);
    await drive.write(['Twice', 'a.jpg'], file(randomBytes(100)), new AbortController().signal);
    const second = randomBytes(120);
    await drive.write(['Twice', 'a.jpg'], file(second), new AbortController().signal);
    const copies = [...google!.files()].filter(([path]) => path === 'Wedding Gallery/Twice/a.jpg');
    expect(copies).toHaveLength(1);
    expect(sha(copies[0]![1])).toBe(sha(second));
  });
});
