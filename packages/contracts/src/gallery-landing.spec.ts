import { describe, expect, it } from '@jest/globals';
import { cleanWelcomeLine, MAX_WELCOME_LINE_CHARS, welcomeLineProblem } from './gallery-landing.js';

describe('the welcome line', () => {
  it('keeps a line as a person typed it, trimmed and on one line', () => {
    expect(cleanWelcomeLine('  Thank you for\n  coming!  ')).toBe('Thank you for coming!');
    expect(cleanWelcomeLine('   ')).toBeNull();
    expect(cleanWelcomeLine(null)).toBeNull();
  });

  it('refuses a line longer than its limit, counting characters as a person does', () => {
    expect(welcomeLineProblem('😀'.repeat(MAX_WELCOME_LINE_CHARS))).toBeNull();
    expect(welcomeLineProblem('é'.repeat(MAX_WELCOME_LINE_CHARS + 1))).toBe('tooLong');
  });

  it('refuses control and text-direction characters', () => {
    expect(welcomeLineProblem('Welcome\u202Eevil')).toBe('forbiddenCharacters');
    expect(welcomeLineProblem('Bell\u0007')).toBe('forbiddenCharacters');
  });
});
