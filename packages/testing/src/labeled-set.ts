import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Region, type Sharp } from 'sharp';

/** What a labeled photo is known to be: the hints it should get. */
export type QualityLabel = 'blurry' | 'dark' | 'nearDuplicate';

export interface LabeledPhoto {
  /** Its shot and what was done to it, e.g. `bbt2-top-left (blurred)`. */
  name: string;
  /** A JPEG, as a phone would upload it. */
  bytes: Buffer;
  labels: ReadonlySet<QualityLabel>;
  /** The shot it is a copy of, shared by the photos of one near-duplicate group; its own name otherwise. */
  shot: string;
}

/**
 * A labeled set for measuring quality hints and Highlights (bench/quality.mjs, photo-quality.spec.ts), made with
 * sharp from real photos: group photos and portraits (the faces folder of the shared test data,
 * `../shared/data/faces`). Each group photo gives eight shots (the whole, its four quarters, its middle and its
 * halves: framings of one scene, which are not near-duplicates of each other); each shot, in turn, is kept good, blurred (out of focus, or shaken), darkened (as a phone
 * in a dim room without its flash), or kept with a near-duplicate (a burst's next frame, or the same moment from
 * another phone: moved, cropped, lit and encoded differently). Test data, never part of a running service.
 */
export async function labeledSet(
  facesFolder: string,
  groupPhotos = Infinity,
  variant: LabeledSetVariant = 'calibration',
): Promise<LabeledPhoto[]> {
  const shots = await shotsFrom(facesFolder, groupPhotos);
  const change = CHANGES[variant];
  const photos: LabeledPhoto[] = [];
  for (const [index, shot] of shots.entries()) {
    const role = (index + change.roleShift) % 5;
    if (role === 0) photos.push(labeled(shot.name, await jpeg(shot.image()), []));
    if (role === 1) {
      const shaken = index % 10 === 6;
      const image = shaken
        ? shake(shot.image(), shot.longSide / change.shakeShare)
        : shot.image().blur(Math.max(1.5, shot.longSide / change.blurShare));
      photos.push(
        labeled(`${shot.name} (${shaken ? 'shaken' : 'out of focus'})`, await jpeg(image), ['blurry']),
      );
    }
    if (role === 2) {
      const image = shot.image().linear(change.darkening, 0);
      photos.push(labeled(`${shot.name} (dark)`, await jpeg(image), ['dark']));
    }
    if (role === 3 || role === 4) {
      const original = labeled(shot.name, await jpeg(shot.image()), ['nearDuplicate']);
      const copy = role === 3 ? await nextFrame(shot, change.moved) : await otherPhone(shot, change.cut);
      photos.push(original, { ...labeled(copy.name, copy.bytes, ['nearDuplicate']), shot: shot.name });
    }
  }
  return photos;
}

/**
 * The set the thresholds were measured on (`calibration`), or a set they were not (`held-out`): other shots get
 * each role, blurs a little lighter, darkening a little less deep, near-duplicates a little further apart.
 */
export type LabeledSetVariant = 'calibration' | 'held-out';

const CHANGES: Record<
  LabeledSetVariant,
  { roleShift: number; blurShare: number; shakeShare: number; darkening: number; moved: number; cut: number }
> = {
  calibration: { roleShift: 0, blurShare: 150, shakeShare: 60, darkening: 0.22, moved: 0.02, cut: 0.04 },
  'held-out': { roleShift: 2, blurShare: 200, shakeShare: 80, darkening: 0.28, moved: 0.03, cut: 0.06 },
};

interface Shot {
  name: string;
  longSide: number;
  width: number;
  height: number;
  /** A new pipeline of the shot's pixels each call. */
  image: () => Sharp;
}

async function shotsFrom(facesFolder: string, groupPhotos: number): Promise<Shot[]> {
  const groups = (await readdir(facesFolder))
    .filter((name) => /^bbt\d+\.jpg$/.test(name))
    .sort()
    .slice(0, groupPhotos);
  const shots: Shot[] = [];
  for (const file of groups) {
    const bytes = await readFile(path.join(facesFolder, file));
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    const name = file.replace('.jpg', '');
    shots.push(shotOf(name, bytes, { left: 0, top: 0, width, height }));
    const half = { width: Math.floor(width / 2), height: Math.floor(height / 2) };
    for (const [part, left, top, partWidth, partHeight] of [
      ['top-left', 0, 0, half.width, half.height],
      ['top-right', half.width, 0, half.width, half.height],
      ['bottom-left', 0, half.height, half.width, half.height],
      ['bottom-right', half.width, half.height, half.width, half.height],
      ['middle', Math.floor(width / 4), Math.floor(height / 4), half.width, half.height],
      ['left', 0, 0, half.width, height],
      ['right', half.width, 0, half.width, height],
    ] as const) {
      shots.push(shotOf(`${name}-${part}`, bytes, { left, top, width: partWidth, height: partHeight }));
    }
  }
  return shots;
}

function shotOf(name: string, bytes: Buffer, region: Region): Shot {
  return {
    name,
    width: region.width,
    height: region.height,
    longSide: Math.max(region.width, region.height),
    image: () => sharp(bytes).extract(region),
  };
}

function labeled(name: string, bytes: Buffer, labels: QualityLabel[]): LabeledPhoto {
  return { name, bytes, labels: new Set(labels), shot: name };
}

async function jpeg(image: Sharp, quality = 90): Promise<Buffer> {
  // Through raw pixels: sharp applies one extract per pipeline, and each change here is a pipeline of its own.
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: info }).jpeg({ quality }).toBuffer();
}

/** Shaken: a horizontal streak `length` px long (out of focus: a Gaussian blur). */
function shake(image: Sharp, streak: number): Sharp {
  const length = Math.max(5, Math.round(streak)) | 1;
  // sharp takes kernels of 3 rows at least: the streak is the middle one.
  const kernel = [...new Array<number>(length).fill(0), ...new Array<number>(length).fill(1)];
  return image.convolve({
    width: length,
    height: 3,
    kernel: [...kernel, ...new Array<number>(length).fill(0)],
  });
}

/** The burst's next frame: the camera moved by a share of the frame, the same light. */
async function nextFrame(shot: Shot, share: number): Promise<{ name: string; bytes: Buffer }> {
  const dx = Math.round(shot.width * share);
  const dy = Math.round(shot.height * share);
  const moved = await sharp(await jpeg(shot.image()))
    .extract({ left: dx, top: dy, width: shot.width - dx, height: shot.height - dy })
    .resize(shot.width, shot.height);
  return { name: `${shot.name} (next frame)`, bytes: await jpeg(moved, 85) };
}

/** Another phone: its sides cut, smaller, brighter, its colours a little off, encoded harder. */
async function otherPhone(shot: Shot, share: number): Promise<{ name: string; bytes: Buffer }> {
  const cut = Math.round(shot.width * share);
  const image = sharp(await jpeg(shot.image()))
    .extract({ left: cut, top: 0, width: shot.width - 2 * cut, height: shot.height })
    .resize(Math.round(shot.width * 0.8))
    .modulate({ brightness: 1.12, saturation: 0.9, hue: 6 });
  return { name: `${shot.name} (another phone)`, bytes: await jpeg(image, 75) };
}
