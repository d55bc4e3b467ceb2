import { hasForbiddenCharacters } from './unsafe-characters.js';
import { CHALLENGE_LIMITS } from './limits.js';
import type { MailLanguage } from './mail/mail-language.js';

/** Photo challenges: prompts the couple writes ("A selfie with the bride") that guests answer with photos. */

export type ChallengePromptProblem = 'empty' | 'tooLong' | 'forbiddenCharacters';

/** The prompt as kept: trimmed, inner whitespace collapsed to one space, NFC. */
export function cleanChallengePrompt(value: string): string {
  return value.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/**
 * Why a prompt as typed is refused, or null when it may be kept (after `cleanChallengePrompt`). Control and
 * text-direction characters are refused as in every other input, before whitespace is collapsed; markup is
 * kept as the characters typed and shown as text wherever the prompt appears.
 */
export function challengePromptProblem(value: string): ChallengePromptProblem | null {
  if (hasForbiddenCharacters(value)) return 'forbiddenCharacters';
  const cleaned = cleanChallengePrompt(value);
  if (!cleaned) return 'empty';
  if (Array.from(cleaned).length > CHALLENGE_LIMITS.promptChars) return 'tooLong';
  return null;
}

/** The error code each problem is refused with (the texts are in the shared messages). */
export const CHALLENGE_PROMPT_REFUSALS = {
  empty: 'CHALLENGE_PROMPT_EMPTY',
  tooLong: 'CHALLENGE_PROMPT_TOO_LONG',
  forbiddenCharacters: 'CHALLENGE_PROMPT_FORBIDDEN_CHARACTERS',
} as const satisfies Record<ChallengePromptProblem, string>;

/** Prompts the couple can pick from, in the gallery's language; each within the limits above. */
export const CHALLENGE_SUGGESTIONS: Record<MailLanguage, readonly string[]> = {
  en: [
    'A selfie with the bride',
    'A selfie with the groom',
    'The best dance move',
    'The first dance',
    'Someone happy crying',
    'The youngest guest',
    'The oldest couple on the dance floor',
    'The cake before it is cut',
    'Your table raising a toast',
    'Something old, something new',
    'The best shoes of the night',
    'A photo with someone you just met',
  ],
  fr: [
    'Un selfie avec la mariée',
    'Un selfie avec le marié',
    'Le meilleur pas de danse',
    "L'ouverture du bal",
    'Quelqu’un qui pleure de joie',
    "L'invité le plus jeune",
    'Le couple le plus ancien sur la piste',
    'Le gâteau avant la découpe',
    'Votre table qui trinque',
    'Quelque chose de vieux, quelque chose de neuf',
    'Les plus belles chaussures de la soirée',
    'Une photo avec quelqu’un que vous venez de rencontrer',
  ],
  es: [
    'Un selfi con la novia',
    'Un selfi con el novio',
    'El mejor paso de baile',
    'El primer baile',
    'Alguien llorando de alegría',
    'El invitado más joven',
    'La pareja más veterana en la pista',
    'La tarta antes de cortarla',
    'Tu mesa brindando',
    'Algo viejo, algo nuevo',
    'Los mejores zapatos de la noche',
    'Una foto con alguien que acabas de conocer',
  ],
};

/** The folder of photos taken for no challenge, in the BY_CHALLENGE layout of Download All. */
export const NO_CHALLENGE_FOLDER = 'Photos without a challenge';
