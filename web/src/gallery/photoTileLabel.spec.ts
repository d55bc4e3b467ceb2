import { describe, expect, it } from '@jest/globals';
import { testTranslations } from '../i18n/testTranslations';
import { KEPT_TILE_LABELS, photoTileLabel, prepareTileLabels, tileLabels } from './photoTileLabel';

// The viewer's zone decides the time shown: this test reads it in UTC.
process.env.TZ = 'UTC';

const photo = {
  kind: 'photo' as const,
  guestName: null,
  createdAt: '2027-06-12T21:41:07.000Z',
  durationSeconds: null,
};

describe('a thumbnail for screen readers', () => {
  it('says what it is, who shared it and when, in each language', () => {
    const cases = [
      [
        'en',
        'Photo, Jun 12, 9:41 PM',
        'Photo by Anna, Jun 12, 9:41 PM',
        'Video by Anna, 1:05, Jun 12, 9:41 PM',
      ],
      ['fr', 'Photo, 12 juin, 21:41', 'Photo de Anna, 12 juin, 21:41', 'Vidéo de Anna, 1:05, 12 juin, 21:41'],
      ['es', 'Foto, 12 jun, 21:41', 'Foto de Anna, 12 jun, 21:41', 'Vídeo de Anna, 1:05, 12 jun, 21:41'],
    ] as const;
    for (const [language, anonymous, named, video] of cases) {
      const t = testTranslations(language).t;
      // ICU versions differ on the space before AM and PM.
      const label = (...args: Parameters<typeof photoTileLabel>) =>
        photoTileLabel(...args).replace(/\s/g, ' ');
      expect(label(t, photo, language)).toBe(anonymous);
      expect(label(t, { ...photo, guestName: 'Anna' }, language)).toBe(named);
      expect(label(t, { ...photo, guestName: 'Anna', kind: 'video', durationSeconds: 65 }, language)).toBe(
        video,
      );
    }
  });
});

describe("a tile's formatter", () => {
  it('is made while the page is idle, so the first photo to arrive is drawn without making it', () => {
    const idle: (() => void)[] = [];
    const made: string[] = [];
    const { DateTimeFormat } = Intl;
    const globals = globalThis as unknown as Record<string, unknown>;
    globals.requestIdleCallback = (callback: () => void) => idle.push(callback);
    globals.cancelIdleCallback = () => undefined;
    Intl.DateTimeFormat = class extends DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
        super(...args);
        made.push(String(args[0]));
      }
    } as typeof DateTimeFormat;
    try {
      // A language no other test here formats in: its formatter is not made yet.
      prepareTileLabels('pt');
      expect(made).toEqual([]);
      idle.forEach((callback) => callback());
      expect(made).toEqual(['pt']);
      expect(photoTileLabel(testTranslations('en').t, photo, 'pt')).toMatch(/12 de jun/);
      expect(made).toEqual(['pt']);
      // Asked again (the grid drawn again), nothing more waits for an idle moment.
      prepareTileLabels('pt');
      expect(idle).toHaveLength(1);
    } finally {
      Intl.DateTimeFormat = DateTimeFormat;
      delete globals.requestIdleCallback;
      delete globals.cancelIdleCallback;
    }
  });

  it('says each label as i18next does, in each language, whatever the name holds', () => {
    for (const language of ['en', 'fr', 'es'] as const) {
      const t = testTranslations(language).t;
      const labelOf = tileLabels(t, language);
      for (const guestName of [null, 'Anna', 'Ana & Luis $& {{time}}']) {
        for (const kind of ['photo', 'video'] as const) {
          const shown = { ...photo, guestName, kind, durationSeconds: kind === 'video' ? 65 : null };
          expect(labelOf(shown)).toBe(photoTileLabel(t, shown, language));
        }
      }
    }
  });

  it("translates each kind of label once, makes a tile's label once while the tile is near the screen, and forgets the labels of tiles long passed", () => {
    const en = testTranslations('en').t;
    let asked = 0;
    const counted = ((...args: Parameters<typeof en>) => {
      asked++;
      return en(...args);
    }) as typeof en;
    const labelOf = tileLabels(counted, 'en');
    // Each label made reads the photo's time once.
    let made = 0;
    const photos = Array.from({ length: KEPT_TILE_LABELS + 1 }, () =>
      Object.defineProperty({ ...photo }, 'createdAt', {
        get: () => {
          made++;
          return photo.createdAt;
        },
      }),
    );
    expect(labelOf(photos[0])).toBe('Photo, Jun 12, 9:41 PM');
    labelOf(photos[0]);
    expect(made).toBe(1);
    // A guest scrolls on past as many photos as are kept: the first one's label is let go.
    for (const later of photos.slice(1)) labelOf(later);
    expect(made).toBe(KEPT_TILE_LABELS + 1);
    labelOf(photos[KEPT_TILE_LABELS]);
    expect(made).toBe(KEPT_TILE_LABELS + 1);
    expect(labelOf(photos[0])).toBe('Photo, Jun 12, 9:41 PM');
    expect(made).toBe(KEPT_TILE_LABELS + 2);
    // One translation for all of those tiles, one more for a tile of another kind.
    expect(asked).toBe(1);
    expect(labelOf({ ...photo, guestName: 'Anna' })).toBe('Photo by Anna, Jun 12, 9:41 PM');
    expect(asked).toBe(2);
  });
});
