import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { challengeProgressKey, doneCount, markChallengeDone, readDoneChallenges } from './challengeProgress';

const stored = new Map<string, string>();
const fakeStorage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
};

describe('challenge progress on this browser', () => {
  beforeEach(() => {
    stored.clear();
    Object.defineProperty(globalThis, 'localStorage', { value: fakeStorage, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('counts each challenge once, however many photos it got', () => {
    markChallengeDone('ABC123', 'c1');
    markChallengeDone('ABC123', 'c1');
    markChallengeDone('ABC123', 'c2');
    expect(doneCount(['c1', 'c2', 'c3'], readDoneChallenges('ABC123'))).toBe(2);
  });

  it('keeps each gallery apart and ignores challenges no longer in the list', () => {
    markChallengeDone('ABC123', 'gone');
    markChallengeDone('XYZ789', 'c1');
    expect(doneCount(['c1'], readDoneChallenges('ABC123'))).toBe(0);
    expect(doneCount(['c1'], readDoneChallenges('XYZ789'))).toBe(1);
  });

  it('reads a broken stored value as nothing done', () => {
    stored.set(challengeProgressKey('ABC123'), '{not json');
    expect(readDoneChallenges('ABC123')).toEqual([]);
  });
});
