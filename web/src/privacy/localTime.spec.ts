import { describe, expect, it } from '@jest/globals';
import { fromLocalInput, toLocalInput } from './localTime';

describe('datetime-local values', () => {
  it('round-trips an instant through the field, to the minute', () => {
    const iso = new Date(2026, 5, 13, 22, 30).toISOString();
    expect(toLocalInput(iso)).toBe('2026-06-13T22:30');
    expect(fromLocalInput('2026-06-13T22:30')).toBe(iso);
  });

  it('reads an empty or broken field as no limit', () => {
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });
});
