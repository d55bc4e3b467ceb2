import { describe, expect, it } from '@jest/globals';
import { parseGuestMailAddress, timeZoneNameSchema } from './mail-preferences.js';
import { mailStopPath } from './mail/photos-ready-mail.js';

describe("a guest's photos-ready address", () => {
  it('takes one address, trimmed, of at most 254 characters', () => {
    expect(parseGuestMailAddress('  anna@example.com ')).toBe('anna@example.com');
    expect(parseGuestMailAddress(`${'a'.repeat(64)}@${'b'.repeat(185)}.com`)).toHaveLength(254);
    for (const refused of [
      '',
      'anna',
      'anna@example.com, ben@example.com',
      'anna@example.com\r\nBcc: all@example.com',
      `${'a'.repeat(64)}@${'b'.repeat(186)}.com`,
    ])
      expect(parseGuestMailAddress(refused)).toBeNull();
  });

  it('takes a time zone name, not an expression', () => {
    expect(timeZoneNameSchema.safeParse('America/Argentina/Buenos_Aires').success).toBe(true);
    expect(timeZoneNameSchema.safeParse("UTC'; DROP TABLE events; --").success).toBe(false);
  });

  it('opens the stop page in the guest’s language with the token in the fragment', () => {
    expect(mailStopPath('a.b', 'en')).toBe('/mail-stop#token=a.b');
    expect(mailStopPath('a.b', 'es')).toBe('/es/mail-stop#token=a.b');
  });
});
