import { describe, expect, it } from '@jest/globals';
import { highlightsSize, pickHighlights, type HighlightCandidate } from './highlights.js';

const night = Date.parse('2026-06-20T18:00:00Z');

function photo(id: string, change: Partial<HighlightCandidate> = {}): HighlightCandidate {
  return {
    id,
    sharpness: 100,
    brightness: 120,
    highlights: 210,
    heartCount: 0,
    uploader: 'guest-a',
    createdAt: new Date(night),
    duplicateGroup: null,
    faceCount: null,
    ...change,
  };
}

describe('Highlights', () => {
  it('never picks a blurry or a dark photo, however loved', () => {
    const picked = pickHighlights(
      [
        photo('blurry', { sharpness: 3, heartCount: 40 }),
        photo('dark', { highlights: 40, heartCount: 40 }),
        photo('good'),
      ],
      10,
    );
    expect(picked).toEqual(['good']);
  });

  it('keeps the best photo of a near-duplicate group only', () => {
    const picked = pickHighlights(
      [
        photo('first', { duplicateGroup: 'first', sharpness: 40 }),
        photo('sharper', { duplicateGroup: 'first', sharpness: 200 }),
        photo('other'),
      ],
      10,
    );
    expect(picked.sort()).toEqual(['other', 'sharper']);
  });

  it('ranks hearts above small differences in sharpness', () => {
    expect(
      pickHighlights([photo('sharp', { sharpness: 140 }), photo('loved', { heartCount: 5 })], 1),
    ).toEqual(['loved']);
  });

  it('spreads its picks across guests and hours', () => {
    const oneGuest = Array.from({ length: 6 }, (_, n) => photo(`a${n}`, { sharpness: 120 }));
    const others = [
      photo('b', { uploader: 'guest-b', sharpness: 90 }),
      photo('late', { uploader: 'guest-c', sharpness: 90, createdAt: new Date(night + 4 * 3_600_000) }),
    ];
    const picked = pickHighlights([...oneGuest, ...others], 4);
    expect(picked).toContain('b');
    expect(picked).toContain('late');
  });

  it('ranks a photo of people above an empty one, and one whose faces are unknown between them', () => {
    const photos = [
      photo('empty', { faceCount: 0, uploader: 'guest-a' }),
      photo('unknown', { uploader: 'guest-b' }),
      photo('people', { faceCount: 2, uploader: 'guest-c' }),
    ];
    expect(pickHighlights(photos, 3)).toEqual(['people', 'unknown', 'empty']);
    expect(pickHighlights(photos.reverse(), 3)).toEqual(['people', 'unknown', 'empty']);
  });

  it('holds a twentieth of the gallery, between 12 and 100 photos', () => {
    expect([highlightsSize(10), highlightsSize(600), highlightsSize(3000)]).toEqual([12, 30, 100]);
  });
});
