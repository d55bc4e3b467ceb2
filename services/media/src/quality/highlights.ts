import { lookScore, ownHints } from './quality-hints.js';

/** A photo as Highlights weigh it. */
export interface HighlightCandidate {
  id: string;
  sharpness: number;
  brightness: number;
  highlights: number;
  heartCount: number;
  /** Who uploaded it (their guest identity, else the name they gave), for variety; null when unknown. */
  uploader: string | null;
  createdAt: Date;
  /** Its near-duplicate group (the group's first photo), null when it has no near-duplicate. */
  duplicateGroup: string | null;
  /** The faces "Find me" found in it; null when unknown (Find me off, or the photo not looked at yet). */
  faceCount: number | null;
}

/** Highlights hold a twentieth of a gallery's photos, at least HIGHLIGHTS_MIN (when it has them), at most MAX. */
export const HIGHLIGHTS_MIN = 12;
export const HIGHLIGHTS_MAX = 100;
const HIGHLIGHTS_SHARE = 0.05;

/**
 * Each further pick from the same guest, or the same hour, counts for this much less: the night told by many
 * guests and through its hours, not forty photos of the first dance from one phone.
 */
const SAME_UPLOADER_DAMPING = 0.75;
const SAME_HOUR_DAMPING = 0.85;

/** How many photos a gallery of `total` photos shows in Highlights. */
export function highlightsSize(total: number): number {
  return Math.min(HIGHLIGHTS_MAX, Math.max(HIGHLIGHTS_MIN, Math.round(total * HIGHLIGHTS_SHARE)));
}

/**
 * What the faces in a photo add to its worth, 0 to 1: a photo of people above an empty one, and one whose faces
 * are not known (no "Find me", or not looked at yet) halfway, as neither: a gallery without it weighs all alike.
 */
function facesWorth(faceCount: number | null): number {
  if (faceCount === null) return 0.5;
  return faceCount > 0 ? 1 : 0;
}

/**
 * The best photos of the night, best first: never a blurry or dark one, one of each near-duplicate group (its
 * best), ranked by how they look, the hearts guests gave and whether they show people (where "Find me" counted
 * faces), picked one at a time so that each guest's and each hour's further photos count for less.
 */
export function pickHighlights(candidates: readonly HighlightCandidate[], size: number): string[] {
  const mostHearts = Math.max(1, ...candidates.map((photo) => photo.heartCount));
  const scored = candidates
    .filter((photo) => {
      const hints = ownHints(photo);
      return !hints.blurry && !hints.dark;
    })
    .map((photo) => ({
      photo,
      hour: Math.floor(photo.createdAt.getTime() / 3_600_000),
      score:
        0.5 * lookScore(photo) +
        0.35 * (Math.log1p(photo.heartCount) / Math.log1p(mostHearts)) +
        0.15 * facesWorth(photo.faceCount),
    }));
  // One photo of each near-duplicate group: its best.
  const bestOfGroup = new Map<string, (typeof scored)[number]>();
  const pool: (typeof scored)[number][] = [];
  for (const entry of scored) {
    const group = entry.photo.duplicateGroup;
    if (!group) pool.push(entry);
    else if ((bestOfGroup.get(group)?.score ?? -1) < entry.score) bestOfGroup.set(group, entry);
  }
  pool.push(...bestOfGroup.values());

  const picked: string[] = [];
  const byUploader = new Map<string, number>();
  const byHour = new Map<number, number>();
  while (picked.length < size && pool.length > 0) {
    let best = 0;
    let bestValue = -1;
    for (const [at, entry] of pool.entries()) {
      const fromUploader = entry.photo.uploader ? (byUploader.get(entry.photo.uploader) ?? 0) : 0;
      const value =
        entry.score *
        SAME_UPLOADER_DAMPING ** fromUploader *
        SAME_HOUR_DAMPING ** (byHour.get(entry.hour) ?? 0);
      if (value > bestValue) {
        bestValue = value;
        best = at;
      }
    }
    const [{ photo, hour }] = pool.splice(best, 1) as [(typeof scored)[number]];
    picked.push(photo.id);
    if (photo.uploader) byUploader.set(photo.uploader, (byUploader.get(photo.uploader) ?? 0) + 1);
    byHour.set(hour, (byHour.get(hour) ?? 0) + 1);
  }
  return picked;
}
