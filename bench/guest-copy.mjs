// @ts-check
// Guest copies: what stripping a 12 MP phone photo's identifying metadata costs, against making its thumbnail
// and preview (what media does for every photo anyway).
//
//   npm run build && node bench/guest-copy.mjs [--photos=20] [--megapixels=12] [--rounds=3]
//
// Each photo is a phone-like JPEG (bench/phone-photo.mjs) given what a phone writes and more: GPS position,
// camera and lens serial numbers, owner and artist names, XMP and IPTC location. The media service's own
// MetadataStripper (services/media/dist) strips them one photo after the other with its long-running exiftool,
// from the photo's file to a file beside it, as a confirmation does; its ImageProcessor makes the 400 px thumbnail
// and 1600 px preview of the same bytes, one photo after the other. Both are timed on the wall clock and in CPU
// (this process, plus exiftool's own CPU, read from the kernel once it has exited). Printed: each per photo,
// stripping as a fraction of the derived images, and the copy's size (what storage holds beside the original), per
// round and the median of the rounds (the two take turns, so a machine whose speed drifts weighs on both alike).
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MetadataStripper } from '../services/media/dist/guest-copies/metadata-stripper.js';
import { ImageProcessor } from '../services/media/dist/images/image-processor.js';
import { runOnProductNode } from '../infra/product-node.mjs';
import { phonePhoto } from './phone-photo.mjs';

// The product's code on the images' Node, as it runs in production (infra/product-node.mjs).
await runOnProductNode(import.meta.url, 'bench');

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [name, value] = arg.replace(/^--/, '').split('=');
    return [name, Number(value)];
  }),
);
const PHOTOS = args.photos || 20;
const MEGAPIXELS = args.megapixels || 12;
const ROUNDS = args.rounds || 3;
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU (ms) of this process, and of its children that have exited and been waited for. */
function ownCpu() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ms = (field) => (Number(fields[field]) * 1000) / CLOCK_TICKS;
  return { self: ms(11) + ms(12), children: ms(13) + ms(14) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const folder = await mkdtemp(path.join(os.tmpdir(), 'guest-copy-bench-'));
try {
  console.log(`making ${PHOTOS} photos of ${MEGAPIXELS} MP with GPS, serial numbers and names...`);
  for (let i = 0; i < PHOTOS; i++)
    await writeFile(path.join(folder, `${i}.jpg`), await phonePhoto(MEGAPIXELS));
  execFileSync('exiftool', [
    ...['-q', '-overwrite_original', '-GPSLatitude=48.8584', '-GPSLatitudeRef=N', '-GPSLongitude=2.2945'],
    ...['-GPSLongitudeRef=E', '-GPSAltitude=35', '-SerialNumber=BODY-123', '-LensSerialNumber=LENS-456'],
    ...['-OwnerName=Ben Owner', '-Artist=Anna Artist', '-Make=Apple', '-Model=iPhone 15 Pro'],
    ...['-DateTimeOriginal=2026:06:13 18:04:05', '-XMP:City=Paris', '-IPTC:City=Paris', '-Orientation#=6'],
    folder,
  ]);
  const files = (await readdir(folder)).filter((name) => name.endsWith('.jpg'));
  const photos = await Promise.all(files.map((name) => readFile(path.join(folder, name))));
  const averageMb = photos.reduce((sum, photo) => sum + photo.length, 0) / photos.length / 1e6;
  console.log(`${photos.length} photos, ${averageMb.toFixed(3)} MB each on average`);

  const images = new ImageProcessor();
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Stripping, with a fresh exiftool so its start is counted once per round, as once per media process.
    // From the photo's file to a file beside it, as media makes each guest copy (GuestCopies).
    const stripper = MetadataStripper.locate();
    const copyBytes = [];
    let cpu = ownCpu();
    let started = performance.now();
    for (const file of files) {
      const copy = path.join(folder, `${file}.guest-copy`);
      await stripper.stripPhotoFile(path.join(folder, file), copy);
      copyBytes.push((await stat(copy)).size);
      await rm(copy);
    }
    const stripWall = (performance.now() - started) / photos.length;
    stripper.close();
    // exiftool's CPU is counted once it has exited and node has reaped it.
    let after = ownCpu();
    for (let waited = 0; after.children === cpu.children && waited < 50; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = ownCpu();
    }
    const stripCpu = (after.self - cpu.self + after.children - cpu.children) / photos.length;

    cpu = ownCpu();
    started = performance.now();
    for (const photo of photos) {
      const source = await images.source(photo, { heif: false });
      await images.thumbnail(source);
      await images.preview(source);
    }
    const deriveWall = (performance.now() - started) / photos.length;
    after = ownCpu();
    const deriveCpu = (after.self - cpu.self) / photos.length;

    const copyMb = copyBytes.reduce((sum, bytes) => sum + bytes, 0) / copyBytes.length / 1e6;
    rounds.push({ stripWall, stripCpu, deriveWall, deriveCpu, copyMb });
    console.log(
      `round ${round}: stripping ${stripWall.toFixed(0)} ms wall, ${stripCpu.toFixed(0)} ms CPU a photo; ` +
        `thumbnail + preview ${deriveWall.toFixed(0)} ms wall, ${deriveCpu.toFixed(0)} ms CPU; ` +
        `stripping / derived images: ${(stripWall / deriveWall).toFixed(2)} wall, ${(stripCpu / deriveCpu).toFixed(2)} CPU; ` +
        `the copy ${copyMb.toFixed(3)} MB`,
    );
  }
  const pick = (name) => median(rounds.map((round) => round[name]));
  console.log(
    `median of ${ROUNDS}: stripping ${pick('stripWall').toFixed(0)} ms wall, ${pick('stripCpu').toFixed(0)} ms CPU a ` +
      `${MEGAPIXELS} MP photo; stripping / derived images ${median(rounds.map((r) => r.stripWall / r.deriveWall)).toFixed(2)} wall, ` +
      `${median(rounds.map((r) => r.stripCpu / r.deriveCpu)).toFixed(2)} CPU; a guest copy ${pick('copyMb').toFixed(3)} MB ` +
      `in storage beside its ${averageMb.toFixed(3)} MB original`,
  );
  await images.onModuleDestroy();
} finally {
  await rm(folder, { recursive: true, force: true });
}
