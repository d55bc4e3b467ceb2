import { describe, expect, it } from '@jest/globals';
import { DEMO_GALLERY_CODE, GALLERY_CODE_ALPHABET, isGalleryCode } from '@gallery/contracts';
import { EventsConfig } from '../config/events-config.js';
import { GalleryCodes } from './gallery-codes.js';

const config = (galleryCodesSeed?: string) =>
  new EventsConfig({
    host: '127.0.0.1',
    port: 0,
    databaseUrl: 'postgres://unused',
    natsUrl: 'nats://unused',
    publicUrl: 'http://localhost:5000',
    mail: null,
    galleryCodesSeed,
  });

describe('gallery codes', () => {
  it('draws the same codes from the same seed on every start (the docs screenshots)', () => {
    const draw = (codes: GalleryCodes) => [codes.next(), codes.next(), codes.next()];
    const first = draw(new GalleryCodes(config('screens')));
    expect(draw(new GalleryCodes(config('screens')))).toEqual(first);
    expect(new Set(first).size).toBe(3);
    expect(first.every((code) => isGalleryCode(code))).toBe(true);
  });

  it('draws random codes without a seed', () => {
    const codes = new GalleryCodes(config());
    expect(codes.next()).not.toBe(new GalleryCodes(config()).next());
  });

  it("never hands a couple the demo gallery's code, drawing again instead", () => {
    const demoBytes = Uint8Array.from(DEMO_GALLERY_CODE, (character) =>
      GALLERY_CODE_ALPHABET.indexOf(character),
    );
    const draws = [demoBytes, Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7])];
    class ScriptedCodes extends GalleryCodes {
      protected override bytes(): Uint8Array {
        return draws.shift()!;
      }
    }
    expect(new ScriptedCodes(config()).next()).toBe('ACDEFGHJ');
    expect(draws).toHaveLength(0);
  });
});
