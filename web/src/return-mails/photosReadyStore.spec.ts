import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { forgetPhotosReady, readPhotosReady, savePhotosReady } from './photosReadyStore';

const stored = new Map<string, string>();
const fakeStorage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
};

describe('the photos-ready address this browser left', () => {
  beforeEach(() => {
    stored.clear();
    Object.defineProperty(globalThis, 'localStorage', { value: fakeStorage, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('is kept per gallery with its stop token, and forgotten once stopped', () => {
    savePhotosReady('ABCD2345', { email: 'anna@example.com', stopToken: 'token' });
    expect(readPhotosReady('ABCD2345')).toEqual({ email: 'anna@example.com', stopToken: 'token' });
    expect(readPhotosReady('WXYZ6789')).toBeNull();
    forgetPhotosReady('ABCD2345');
    expect(readPhotosReady('ABCD2345')).toBeNull();
  });

  it('reads a damaged value as nothing left, and a missing token as none', () => {
    stored.set('gallery-photos-ready:ABCD2345', '{not json');
    expect(readPhotosReady('ABCD2345')).toBeNull();
    stored.set('gallery-photos-ready:ABCD2345', JSON.stringify({ email: 'anna@example.com' }));
    expect(readPhotosReady('ABCD2345')).toEqual({ email: 'anna@example.com', stopToken: null });
  });
});
