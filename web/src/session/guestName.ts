import { cleanGuestName, guestNameProblem, MAX_GUEST_NAME_CHARS, type ErrorCode } from '@gallery/contracts';
import { readStorage, writeStorage } from './storage';

/** The guest's name on this device, given once and sent with every upload request after it. */
export const GUEST_NAME_STORAGE_KEY = 'galleryGuestName';

/** The name kept on this device, cleaned as the server keeps it; null when none (or a stored value breaks the rule). */
export function readGuestName(): string | null {
  const stored = readStorage(GUEST_NAME_STORAGE_KEY);
  if (stored === null || guestNameProblem(stored)) return null;
  return cleanGuestName(stored);
}

/**
 * Keeps the name on this device, or says why it is refused (the server's own codes, so the text is the one the
 * server would give). An empty name forgets the one kept.
 */
export function saveGuestName(
  value: string,
): { saved: string | null } | { refused: ErrorCode; count?: number } {
  const problem = guestNameProblem(value);
  if (problem === 'tooLong') return { refused: 'GUEST_NAME_TOO_LONG', count: MAX_GUEST_NAME_CHARS };
  if (problem === 'forbiddenCharacters') return { refused: 'GUEST_NAME_FORBIDDEN_CHARACTERS' };
  const saved = cleanGuestName(value);
  writeStorage(GUEST_NAME_STORAGE_KEY, saved ?? '');
  return { saved };
}
