import { readStorage, writeStorage } from '../session/storage';

/**
 * A guest's progress through a gallery's photo challenges, counted per browser: the challenges this browser
 * uploaded a photo for, kept in localStorage under `gallery-challenges-done:{code}`. No account and no guest id
 * is needed, and nothing leaves the device. Another phone of the same guest starts at zero; a challenge stays
 * done when its photo is removed (it was taken).
 */
export const challengeProgressKey = (code: string) => `gallery-challenges-done:${code}`;

/** At most one entry per challenge a gallery can have, with room for challenges since replaced. */
const MAX_KEPT = 100;

export function readDoneChallenges(code: string): string[] {
  try {
    const stored: unknown = JSON.parse(readStorage(challengeProgressKey(code)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Records that this browser uploaded a photo for `challengeId`; the list as kept. */
export function markChallengeDone(code: string, challengeId: string): string[] {
  const done = readDoneChallenges(code);
  if (done.includes(challengeId)) return done;
  const next = [...done, challengeId].slice(-MAX_KEPT);
  writeStorage(challengeProgressKey(code), JSON.stringify(next));
  return next;
}

/** How many of the gallery's current challenges are done on this browser. */
export function doneCount(challengeIds: readonly string[], done: readonly string[]): number {
  const kept = new Set(done);
  return challengeIds.filter((id) => kept.has(id)).length;
}
