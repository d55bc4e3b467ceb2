import { en as sharedEn, es as sharedEs, fr as sharedFr } from '@gallery/contracts';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import type { Language } from './languages';

/** One i18next namespace per language: the UI texts plus the validation and error texts shared with the services. */
export const resources = {
  en: { translation: { ...en, ...sharedEn } },
  fr: { translation: { ...fr, ...sharedFr } },
  es: { translation: { ...es, ...sharedEs } },
} satisfies Record<Language, { translation: object }>;
