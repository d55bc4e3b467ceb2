import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { qualitySweepPhotos } from '@gallery/platform';
import { waitFor } from '@gallery/testing';
import { hashDistance } from '../src/images/photo-quality.js';
import { QualitySweep } from '../src/quality/quality-sweep.js';
import { DAY, startMedia, type MediaHarness } from './harness.js';

// Photos from before quality measures existed get them from the sweep, in the background: the same measures an
// upload takes (from the preview's pixels), their near-duplicate groups, once, with the counts in the metrics.

let media: MediaHarness | undefined;
let db: DataSource;

/**
 * A scene with edges and shades: blocks of grey over a gradient, at `quality`, darkened by `dim` (1: as made). Edges
 * both ways, so that its sharpness (the weakest direction's) is its edges', not its JPEG noise's.
 */
async function scene(seed: number, quality: number, dim = 1): Promise<Buffer> {
  const width = 900;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const column = Math.floor((x + seed * 37) / (80 + seed * 25));
      const row = Math.floor((y + seed * 23) / (60 + seed * 15));
      const bar = (column + row) % 2 === 0 ? 60 : 0;
      const value = Math.min(255, Math.round(((x / width) * 150 + (y / height) * 40 + bar) * dim));
      pixels.fill(value, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

interface Measures {
  id: string;
  sharpness: number | null;
  brightness: number | null;
  highlights: number | null;
  hash: string | null;
  group: string | null;
}
async function measuresOf(code: string): Promise<Map<string, Measures>> {
  const rows = (await db.query(
    `SELECT id, sharpness, brightness, highlights, perceptual_hash::text AS hash, duplicate_group AS "group"
       FROM photos WHERE event_code = $1`,
    [code],
  )) as Measures[];
  return new Map(rows.map((row) => [row.id, row]));
}

const sweepCount = async (outcome: string) =>
  (await qualitySweepPhotos.get()).values.find((value) => value.labels.outcome === outcome)?.value ?? 0;

beforeAll(async () => {
  // The test sweeps itself.
  media = await startMedia({ bucket: 'media-quality-sweep-test', config: { qualitySweepIntervalMs: DAY } });
  ({ db } = media);
});

afterAll(() => media?.stop());

describe('the quality sweep', () => {
  it('measures earlier photos once, as an upload does, groups their near-duplicates and counts them', async () => {
    const code = await media!.createGallery({ plan: 'standard' });
    const upload = (body: Buffer) => media!.uploadPhoto(code, body);
    // One shot twice (saved at two qualities: a burst), another scene, a dark one, and one whose preview is lost.
    const shot = await upload(await scene(1, 90));
    const again = await upload(await scene(1, 70));
    const other = await upload(await scene(4, 90));
    const dark = await upload(await scene(2, 90, 0.15));
    const lost = await upload(await scene(6, 90));
    await waitFor('the previews', async () => {
      const made: unknown[] = await db.query(
        'SELECT 1 FROM photos WHERE event_code = $1 AND preview_key IS NOT NULL',
        [code],
      );
      return made.length === 5;
    });
    const atUpload = await measuresOf(code);
    expect(atUpload.get(shot)!.group).not.toBeNull();
    expect(atUpload.get(again)!.group).toBe(atUpload.get(shot)!.group);

    // As they were before measures existed.
    await db.query(
      `UPDATE photos SET sharpness = NULL, brightness = NULL, highlights = NULL, perceptual_hash = NULL,
              duplicate_group = NULL WHERE event_code = $1`,
      [code],
    );
    await db.query(`UPDATE photos SET preview_key = 'photos/gone/preview' WHERE id = $1`, [lost]);
    const [measuredBefore, failedBefore] = [await sweepCount('measured'), await sweepCount('failed')];
    const sweep = media!.app.get(QualitySweep);

    expect(await sweep.sweepOnce()).toBe(4);
    const swept = await measuresOf(code);
    for (const id of [shot, again, other, dark]) {
      const was = atUpload.get(id)!;
      const now = swept.get(id)!;
      // From the stored preview rather than the pixels it was made from: the same within a JPEG's loss.
      expect(Math.abs(now.brightness! - was.brightness!)).toBeLessThan(2);
      expect(Math.abs(now.highlights! - was.highlights!)).toBeLessThanOrEqual(2);
      expect(Math.abs(now.sharpness! - was.sharpness!) / was.sharpness!).toBeLessThan(0.1);
      expect(hashDistance(BigInt(now.hash!), BigInt(was.hash!))).toBeLessThanOrEqual(2);
    }
    expect(swept.get(dark)!.highlights).toBeLessThan(60);
    expect(swept.get(shot)!.group).not.toBeNull();
    expect(swept.get(again)!.group).toBe(swept.get(shot)!.group);
    expect(swept.get(other)!.group).toBeNull();
    expect(swept.get(lost)!.hash).toBeNull();
    expect(await sweepCount('measured')).toBe(measuredBefore + 4);
    expect(await sweepCount('failed')).toBe(failedBefore + 1);

    // Once: nothing is measured again, and the lost one waits a day before it is tried again.
    expect(await sweep.sweepOnce()).toBe(0);
    expect(await sweepCount('measured')).toBe(measuredBefore + 4);
    expect(await sweepCount('failed')).toBe(failedBefore + 1);
    expect((await measuresOf(code)).get(shot)).toEqual(swept.get(shot));
  }, 400_000);
});
