import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { MAX_GUEST_NAME_CHARS } from '@gallery/contracts';
import { GUEST_NAME_STORAGE_KEY, readGuestName, saveGuestName } from './guestName';

const stored = new Map<string, string>();
const fakeStorage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
};

describe("the guest's name on this device", () => {
  beforeEach(() => {
    stored.clear();
    Object.defineProperty(globalThis, 'localStorage', { value: fakeStorage, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('is remembered cleaned, under its own key, and forgotten when emptied', () => {
    expect(readGuestName()).toBeNull();
    expect(saveGuestName('  Anna   Maria ')).toEqual({ saved: 'Anna Maria' });
    expect(stored.get(GUEST_NAME_STORAGE_KEY)).toBe('Anna Maria');
    expect(readGuestName()).toBe('Anna Maria');
    expect(saveGuestName('   ')).toEqual({ saved: null });
    expect(readGuestName()).toBeNull();
  });

  it('is refused with the server’s own reasons, and a stored value that breaks the rule is not sent', () => {
    expect(saveGuestName('a'.repeat(MAX_GUEST_NAME_CHARS + 1))).toEqual({
      refused: 'GUEST_NAME_TOO_LONG',
      count: MAX_GUEST_NAME_CHARS,
    });
    expect(saveGuestName('Anna\u202E')).toEqual({ refused: 'GUEST_NAME_FORBIDDEN_CHARACTERS' });
    expect(readGuestName()).toBeNull();
    stored.set(GUEST_NAME_STORAGE_KEY, 'x'.repeat(500));
    expect(readGuestName()).toBeNull();
  });
});
