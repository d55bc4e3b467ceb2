import { normalizeEventCode } from './gallery-code.js';
import type { MailLanguage } from './mail/mail-language.js';
import type { PlanId } from './plans/plans.js';

/**
 * The demo gallery: one gallery the product keeps itself, open to anyone from the home page, read-only (the
 * access guard refuses every write naming it: DEMO_READ_ONLY) and put back to this seed once a day. Its code is
 * reserved: the events service never hands it to a couple (GalleryCodes).
 */
export const DEMO_GALLERY_CODE = 'HAPPYDAY';

/** Whether a code, as typed or sent, names the demo gallery. */
export function isDemoGallery(code: string): boolean {
  return normalizeEventCode(code) === DEMO_GALLERY_CODE;
}

/** Codes no couple's gallery may get. */
export function isReservedGalleryCode(code: string): boolean {
  return code === DEMO_GALLERY_CODE;
}

type Texts = Record<MailLanguage, string>;

export interface DemoGuestbookMessage {
  id: string;
  guestName: string;
  /** Minutes after the demo's first photo. */
  minute: number;
  text: Texts;
}

/**
 * The id of the demo's `n`th photo (from 1): fixed, so its links are too (`/media/photos/{id}/thumbnail`), and the
 * home page shows the live demo's own photos without asking the API. The first is the cover.
 */
export function demoPhotoId(n: number): string {
  return `5eed0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/**
 * What the demo shows in words. The services keep the English texts (the demo's language); the web app shows
 * the visitor's (`demoText`). The photos and their hearts are media's (services/media/src/demo).
 */
export const DEMO_GALLERY = {
  coupleNames: 'Léa & Sam',
  location: 'Annecy, France',
  plan: 'standard' as PlanId,
  language: 'en' as MailLanguage,
  welcomeLine: {
    en: 'Thank you for celebrating with us! Add your photos of the day.',
    fr: 'Merci d’avoir fêté ce jour avec nous ! Ajoutez vos photos de la journée.',
    es: '¡Gracias por celebrarlo con nosotros! Añade tus fotos del día.',
  } satisfies Texts,
  guestbook: [
    {
      id: '6a1d2c60-5d1b-4f0e-9d38-2b7f0c1e0a01',
      guestName: 'Chloé',
      minute: 40,
      text: {
        en: 'What a beautiful ceremony. We cried, we laughed, we danced. Congratulations!',
        fr: 'Quelle belle cérémonie. On a pleuré, on a ri, on a dansé. Félicitations !',
        es: 'Qué ceremonia tan bonita. Lloramos, reímos y bailamos. ¡Enhorabuena!',
      },
    },
    {
      id: '6a1d2c60-5d1b-4f0e-9d38-2b7f0c1e0a02',
      guestName: 'Marco',
      minute: 95,
      text: {
        en: 'Best dance floor of the year. Thank you for having us!',
        fr: 'La plus belle piste de danse de l’année. Merci de nous avoir invités !',
        es: 'La mejor pista de baile del año. ¡Gracias por invitarnos!',
      },
    },
    {
      id: '6a1d2c60-5d1b-4f0e-9d38-2b7f0c1e0a03',
      guestName: 'Rose',
      minute: 130,
      text: {
        en: 'So proud of you both. Wishing you a lifetime of happiness.',
        fr: 'Tellement fière de vous deux. Je vous souhaite une vie de bonheur.',
        es: 'Muy orgullosa de los dos. Os deseo toda una vida de felicidad.',
      },
    },
  ] satisfies DemoGuestbookMessage[],
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo's dates on the day `now` falls in (UTC): the wedding was the day before, its first photo at 14:00,
 * and it is kept 30 days from that day on, so the daily reset moves it along and it never ends. The same for
 * every service and replica on a given day.
 */
export function demoGalleryDates(now: Date): { weddingDate: string; firstPhotoAt: Date; expiresAt: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const weddingDay = new Date(today - DAY_MS);
  return {
    weddingDate: weddingDay.toISOString().slice(0, 10),
    firstPhotoAt: new Date(weddingDay.getTime() + 14 * 60 * 60 * 1000),
    expiresAt: new Date(today + 30 * DAY_MS),
  };
}

/**
 * The demo's text in the visitor's language, for a text the services keep in English: its welcome line, or a
 * guestbook message of it (by id). Null for anything else.
 */
export function demoText(
  language: string,
  what: { welcomeLine: true } | { guestbookMessage: string },
): string | null {
  const lang: MailLanguage = language === 'fr' || language === 'es' ? language : 'en';
  if ('welcomeLine' in what) return DEMO_GALLERY.welcomeLine[lang];
  const message = DEMO_GALLERY.guestbook.find((candidate) => candidate.id === what.guestbookMessage);
  return message ? message.text[lang] : null;
}
