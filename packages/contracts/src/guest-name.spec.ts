import { describe, expect, it } from '@jest/globals';
import { cleanGuestName, guestNameProblem, MAX_GUEST_NAME_CHARS } from './uploads.js';

describe('guest names', () => {
  it('keeps a name trimmed, with inner whitespace collapsed, and forgets an empty one', () => {
    expect(cleanGuestName('  Anna   Maria ')).toBe('Anna Maria');
    expect(cleanGuestName('   ')).toBeNull();
    expect(cleanGuestName(null)).toBeNull();
    expect(guestNameProblem('  Anna   Maria ')).toBeNull();
  });

  it('refuses control and text-direction characters, as every input does', () => {
    expect(guestNameProblem('Anna\nMaria')).toBe('forbiddenCharacters');
    expect(guestNameProblem('Anna\u0000')).toBe('forbiddenCharacters');
    expect(guestNameProblem('Anna\u202Eevil')).toBe('forbiddenCharacters');
    expect(guestNameProblem('Anna\u2066')).toBe('forbiddenCharacters');
  });

  it('counts characters as a person does, after cleaning', () => {
    expect(guestNameProblem('é'.repeat(MAX_GUEST_NAME_CHARS))).toBeNull();
    expect(guestNameProblem('😀'.repeat(MAX_GUEST_NAME_CHARS))).toBeNull();
    expect(guestNameProblem(` ${'a'.repeat(MAX_GUEST_NAME_CHARS)}  `)).toBeNull();
    expect(guestNameProblem('a'.repeat(MAX_GUEST_NAME_CHARS + 1))).toBe('tooLong');
  });
});
