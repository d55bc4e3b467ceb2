// @ts-check
// "Find me"'s cost: CPU per 12 MP photo for the faces service's work (looking at media's 1600 px preview for
// faces) against media's derived images of the same photo with bare sharp (bench/bare-sharp.mjs) in the same run
// (goal: at most 1x), photos per minute, memory; and a search against a 10,000-photo gallery's records in
// PostgreSQL, p50 and p99 (goal: p99 under 1 s). Build first (`npm run build`). `node bench/faces.mjs`
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { facesFolder } from '../packages/testing/dist/faces-folder.js';
import { DataSource } from 'typeorm';
import { createDatabaseOnServer, findFreePort, startPostgres } from '../packages/local-servers/dist/index.js';
import { FaceEngine } from '../services/faces/dist/engine/face-engine.js';
import { FaceRecords } from '../services/faces/dist/faces/face-records.js';
import { facesMigrations } from '../services/faces/dist/database/migrations.js';
import { runOnProductNode } from '../infra/product-node.mjs';
import { bareDerive } from './bare-sharp.mjs';

// The product's code on the images' Node, as it runs in production (infra/product-node.mjs).
await runOnProductNode(import.meta.url, 'bench');

const DATA = facesFolder();
const PHOTOS = Number(process.env.PHOTOS ?? 20);
const GALLERY_PHOTOS = Number(process.env.GALLERY_PHOTOS ?? 10_000);
const FACES_PER_PHOTO = 3;
const SEARCHES = Number(process.env.SEARCHES ?? 200);
const SELFIES = Number(process.env.SELFIES ?? 20);

const cpuNow = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

// 12 MP photos with faces: the group photos enlarged to 4000 x 3000, at a phone's quality.
const groups = ['bbt1.jpg', 'bbt2.jpg', 'bbt3.jpg', 'bbt4.jpg', 'bbt5.jpg'];
const originals = await Promise.all(
  groups.map((file) =>
    sharp(path.join(DATA, file)).resize(4000, 3000, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer(),
  ),
);
// What the faces service reads: media's preview (1600 px, quality 85), made as media makes it.
const previews = await Promise.all(
  originals.map((original) =>
    sharp(original)
      .rotate()
      .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer(),
  ),
);

const rssBefore = rssMb();
const loadStart = cpuNow();
// FACES_DETECTOR=ssd: the engine before (SSD MobileNet v1 and 68 landmarks); tiny: face-api's tiny detector.
// FACES_DESCRIPTOR_RUNTIME=tfjs: BlazeFace's faces described by face-api on tfjs WASM (before onnxruntime);
// FACES_DETECTOR_RUNTIME=tfjs: BlazeFace itself on tfjs WASM (before onnxruntime).
const detector = /** @type {'blazeface' | 'ssd' | 'tiny'} */ (process.env.FACES_DETECTOR ?? 'blazeface');
const descriptorRuntime = /** @type {'onnx' | 'tfjs'} */ (process.env.FACES_DESCRIPTOR_RUNTIME ?? 'onnx');
const detectorRuntime = /** @type {'onnx' | 'tfjs'} */ (process.env.FACES_DETECTOR_RUNTIME ?? 'onnx');
const engine = await FaceEngine.load({ detector, detectorRuntime, descriptorRuntime });
const loadCpu = cpuNow() - loadStart;
const rssLoaded = rssMb();

// A first pass of each, not counted (a fresh process's first images take longer).
for (const original of originals) await bareDerive(original);
for (const preview of previews) await engine.facesIn(preview);

let start = cpuNow();
for (let i = 0; i < PHOTOS; i++) await bareDerive(originals[i % originals.length]);
const mediaCpu = (cpuNow() - start) / PHOTOS;

start = cpuNow();
const wallStart = performance.now();
let faces = 0;
let peakRss = rssMb();
for (let i = 0; i < PHOTOS; i++) {
  faces += (await engine.facesIn(previews[i % previews.length])).length;
  peakRss = Math.max(peakRss, rssMb());
}
const facesCpu = (cpuNow() - start) / PHOTOS;
const facesWall = (performance.now() - wallStart) / PHOTOS;

console.log(`12 MP photos, ${PHOTOS} of each (${faces / PHOTOS} faces a photo on average)`);
console.log(`media's derived images (bare sharp, 12 MP original): ${mediaCpu.toFixed(0)} ms CPU a photo`);
console.log(
  `faces (its 1600 px preview): ${facesCpu.toFixed(0)} ms CPU a photo = ${(facesCpu / mediaCpu).toFixed(2)}x media`,
);
console.log(
  `photos a minute: ${(60_000 / facesWall).toFixed(0)} by one replica (one photo at a time, ${facesWall.toFixed(0)} ms wall each); ` +
    `${((2 * 60_000) / facesCpu).toFixed(0)} on 2 cores' CPU`,
);
console.log(
  `memory: RSS ${rssBefore} MB before the engine, ${rssLoaded} MB loaded (${loadCpu.toFixed(0)} ms CPU to load), ${peakRss} MB peak`,
);

// Search: a 10,000-photo gallery's records in PostgreSQL, brute force as the service does it.
const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-faces-'));
const postgres = await startPostgres({
  dataDir: path.join(dir, 'postgres'),
  port: await findFreePort(),
  persistent: false,
});
try {
  const url = await createDatabaseOnServer(postgres.url('postgres'), 'gallery_faces');
  const db = await new DataSource({ type: 'postgres', url, migrations: facesMigrations }).initialize();
  await db.runMigrations();
  const records = new FaceRecords(db);
  const selfie = await engine.selfie(await sharp(path.join(DATA, 'amy', 'amy1.png')).toBuffer());
  if (!selfie) throw new Error('no face in the selfie');
  // Real descriptors from the group photos, each moved a little, so every record differs.
  const real = [];
  for (const preview of previews)
    for (const face of await engine.facesIn(preview)) real.push(face.descriptor);
  const code = 'BENCHFCE';
  await db.query(`INSERT INTO find_me_galleries (event_code) VALUES ($1)`, [code]);
  const insertStart = performance.now();
  for (let p = 0; p < GALLERY_PHOTOS; p += 500) {
    await db.transaction(async (manager) => {
      for (let i = p; i < Math.min(GALLERY_PHOTOS, p + 500); i++) {
        const photoId = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
        const descriptors = Array.from({ length: FACES_PER_PHOTO }, (_, f) =>
          real[(i + f) % real.length].map((v) => v + (Math.random() - 0.5) * 0.02),
        );
        await records.recordFaces(manager, { photoId, eventCode: code }, descriptors);
      }
    });
  }
  const insertSeconds = (performance.now() - insertStart) / 1000;
  const times = [];
  let hits = 0;
  for (let i = 0; i < SEARCHES; i++) {
    const t = performance.now();
    hits = (await records.photosWithFace(code, selfie.descriptor, 500)).length;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  // The rows alone, as the search reads them: what comparing adds to the database's answer.
  const reads = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await db.query('SELECT photo_id, descriptor FROM photo_faces WHERE event_code = $1', [code]);
    reads.push(performance.now() - t);
  }
  reads.sort((a, b) => a - b);
  // The selfie as the browser sends it: at most 640 px (the web app scales it). A portrait enlarged to 320 px in
  // a 640 x 480 frame of its own mirrored surroundings, so the face is a selfie's share of the picture.
  const selfies = [];
  for (const person of ['amy', 'penny', 'raj', 'sheldon']) {
    const face = await sharp(path.join(DATA, person, `${person}2.png`))
      .resize(320, 320)
      .png()
      .toBuffer();
    selfies.push(
      await sharp(face)
        .extend({ top: 80, bottom: 80, left: 160, right: 160, extendWith: 'mirror' })
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
  }
  const selfieWall = [];
  const searchWall = [];
  const selfieCpuStart = cpuNow();
  for (let i = 0; i < SELFIES; i++) {
    const t = performance.now();
    const face = await engine.selfie(selfies[i % selfies.length]);
    selfieWall.push(performance.now() - t);
    if (!face) throw new Error('no face in the 640 px selfie');
    await records.photosWithFace(code, face.descriptor, 500);
    searchWall.push(performance.now() - t);
  }
  const selfieCpu = (cpuNow() - selfieCpuStart) / SELFIES;
  selfieWall.sort((a, b) => a - b);
  searchWall.sort((a, b) => a - b);
  console.log(
    `search: ${GALLERY_PHOTOS} photos, ${GALLERY_PHOTOS * FACES_PER_PHOTO} faces (recorded in ${insertSeconds.toFixed(1)} s); ` +
      `records compared p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms (${hits} photos found), ` +
      `of which reading the rows p50 ${percentile(reads, 50).toFixed(0)} ms`,
  );
  console.log(
    `the 640 px selfie's face: p50 ${percentile(selfieWall, 50).toFixed(0)} ms, p99 ${percentile(selfieWall, 99).toFixed(0)} ms wall ` +
      `(${SELFIES} selfies); a whole search (selfie, then records) p50 ${percentile(searchWall, 50).toFixed(0)} ms, ` +
      `p99 ${percentile(searchWall, 99).toFixed(0)} ms wall, ${selfieCpu.toFixed(0)} ms CPU a search before media's filter`,
  );
  await db.destroy();
} finally {
  await postgres.stop();
  await rm(dir, { recursive: true, force: true });
}
