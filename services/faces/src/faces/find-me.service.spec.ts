import { describe, expect, it } from '@jest/globals';
import { FIND_ME_LIMITS } from '@gallery/contracts';
import { decodeSelfie } from './find-me.service.js';

const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { extensions?: { code?: string } }).extensions?.code;
  }
  return undefined;
};

describe('a selfie as sent', () => {
  it('is decoded from base64, with or without a data: URL prefix', () => {
    const bytes = Buffer.from('a selfie, in bytes, long enough');
    expect(decodeSelfie(bytes.toString('base64'))).toEqual(bytes);
    expect(decodeSelfie(`data:image/jpeg;base64,${bytes.toString('base64')}`)).toEqual(bytes);
  });

  it('is refused past its size, and when it is no base64', () => {
    const tooLarge = Buffer.alloc(FIND_ME_LIMITS.selfieBytes + 1024).toString('base64');
    expect(codeOf(() => decodeSelfie(tooLarge))).toBe('SELFIE_TOO_LARGE');
    expect(codeOf(() => decodeSelfie('not base64 at all!'))).toBe('SELFIE_UNREADABLE');
    expect(codeOf(() => decodeSelfie(''))).toBe('SELFIE_UNREADABLE');
  });
});
