import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { startTestPostgres, type TestPostgres } from '@gallery/testing';
import { FaceRecords } from '../faces/face-records.js';
import { FindMeService } from '../faces/find-me.service.js';
import { CreateFaceTables1798800000000 } from './migrations/1798800000000-create-face-tables.js';
import { facesMigrations } from './migrations.js';

let postgres: TestPostgres;
let url: string;
const sources: DataSource[] = [];

beforeAll(async () => {
  postgres = await startTestPostgres();
  url = await postgres.createDatabase();
}, 120_000);

afterAll(async () => {
  await Promise.all(sources.map((source) => source.destroy()));
  await postgres?.stop();
});

async function migrated(migrations: (typeof facesMigrations)[number][]): Promise<DataSource> {
  const source = await new DataSource({ type: 'postgres', url, migrations }).initialize();
  sources.push(source);
  await source.runMigrations();
  return source;
}

const photo = { photoId: '00000000-0000-4000-8000-000000000001', eventCode: 'AGAINFCE' };
let db: DataSource;
const faces = async () =>
  (await db.query('SELECT descriptor FROM photo_faces WHERE photo_id = $1', [photo.photoId]))
    .length as number;

describe('a change of face engine', () => {
  it('queues every photo looked at again, keeps its faces until it is looked at, then replaces them', async () => {
    // The faces database as the engine before left it: one photo with two faces recorded.
    const before = await migrated([CreateFaceTables1798800000000]);
    await before.query(`INSERT INTO find_me_galleries (event_code) VALUES ($1)`, [photo.eventCode]);
    await before.transaction((manager) =>
      new FaceRecords(before).recordFaces(manager, photo, [
        new Float32Array(128).fill(0.1),
        new Float32Array(128).fill(0.2),
      ]),
    );

    db = await migrated(facesMigrations);
    const records = new FaceRecords(db);
    expect(await records.backlog()).toBe(1);
    expect(await faces()).toBe(2);
    // The couple's settings count the photo once: waiting, not also looked at.
    const service = new FindMeService(
      db,
      records,
      ...([null, null, null, null] as unknown as [never, never, never, never]),
    );
    expect(await service.settings(photo.eventCode)).toMatchObject({ indexedPhotos: 0, waitingPhotos: 1 });

    expect(
      await records.takeNext((queued, manager) =>
        records.recordFaces(manager, queued, [new Float32Array(128).fill(0.3)]),
      ),
    ).toBe(true);
    expect(await records.backlog()).toBe(0);
    expect(await faces()).toBe(1);
    expect(await service.settings(photo.eventCode)).toMatchObject({ indexedPhotos: 1, waitingPhotos: 0 });
    const [indexed] = await db.query('SELECT face_count FROM indexed_photos WHERE photo_id = $1', [
      photo.photoId,
    ]);
    expect(indexed.face_count).toBe(1);
  });
});
