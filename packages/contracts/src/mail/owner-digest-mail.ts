import { formatMailDay, type MailLanguage } from './mail-language.js';
import { lastDay } from './order-confirmation.js';

/** What the couple's daily digest says: only the lines of what waits. */
export interface OwnerDigestFacts {
  code: string;
  waitingPhotos: number;
  waitingMessages: number;
  /** When storage ends (its last whole day is the one before), when that is soon; else null. */
  storageEndsAt: string | null;
  backupStopped: boolean;
  /** The approval queue (photos and guestbook messages). */
  reviewUrl: string;
  /** The upgrade page: more storage, Premium's backup back. */
  upgradeUrl: string;
  /** The event page, where the couple turns this mail off. */
  eventPageUrl: string;
}

interface Mail {
  subject: string;
  text: string;
}

interface DigestWords {
  subject: (code: string) => string;
  hello: string;
  intro: (code: string) => string;
  photos: (count: number, url: string) => string;
  messages: (count: number, url: string) => string;
  storage: (day: string, url: string) => string;
  backup: (url: string) => string;
  settings: (url: string) => string;
  team: string;
}

const words: Record<MailLanguage, DigestWords> = {
  en: {
    subject: (code) => `Waiting for you in gallery ${code}`,
    hello: 'Hello,',
    intro: (code) => `Here is what waits for you in your gallery ${code} today:`,
    photos: (count, url) => `- Photos waiting for your approval: ${count}. Approve or hide them: ${url}`,
    messages: (count, url) =>
      `- Guestbook messages waiting for your approval: ${count}. Approve or hide them: ${url}`,
    storage: (day, url) =>
      `- Your gallery's storage runs until ${day}. Download everything or keep it longer: ${url}`,
    backup: (url) =>
      `- The backup to your cloud drive has stopped: the gallery is no longer on Premium. Resume it: ${url}`,
    settings: (url) =>
      `You get this mail at most once a day, only while something waits. Turn it off on your event page: ${url}`,
    team: 'The Wedding Gallery team',
  },
  fr: {
    subject: (code) => `Ce qui vous attend dans la galerie ${code}`,
    hello: 'Bonjour,',
    intro: (code) => `Voici ce qui vous attend aujourd’hui dans votre galerie ${code} :`,
    photos: (count, url) =>
      `- Photos en attente de votre validation : ${count}. Validez-les ou masquez-les : ${url}`,
    messages: (count, url) =>
      `- Messages du livre d’or en attente de votre validation : ${count}. Validez-les ou masquez-les : ${url}`,
    storage: (day, url) =>
      `- Le stockage de votre galerie court jusqu’au ${day}. Téléchargez tout ou prolongez-le : ${url}`,
    backup: (url) =>
      `- La sauvegarde vers votre espace en ligne s’est arrêtée : la galerie n’est plus en formule Premium. Reprenez-la : ${url}`,
    settings: (url) =>
      `Vous recevez cet e-mail au plus une fois par jour, seulement quand quelque chose vous attend. Désactivez-le sur la page de votre événement : ${url}`,
    team: 'L’équipe Wedding Gallery',
  },
  es: {
    subject: (code) => `Lo que te espera en la galería ${code}`,
    hello: 'Hola:',
    intro: (code) => `Esto es lo que te espera hoy en tu galería ${code}:`,
    photos: (count, url) => `- Fotos pendientes de tu aprobación: ${count}. Apruébalas u ocúltalas: ${url}`,
    messages: (count, url) =>
      `- Mensajes del libro de visitas pendientes de tu aprobación: ${count}. Apruébalos u ocúltalos: ${url}`,
    storage: (day, url) =>
      `- El almacenamiento de tu galería dura hasta el ${day}. Descarga todo o amplíalo: ${url}`,
    backup: (url) =>
      `- La copia de seguridad en tu nube se detuvo: la galería ya no tiene el plan Premium. Reanúdala: ${url}`,
    settings: (url) =>
      `Recibes este correo como mucho una vez al día, solo mientras algo te espera. Desactívalo en la página de tu evento: ${url}`,
    team: 'El equipo de Wedding Gallery',
  },
};

/** Whether anything in `facts` waits for the couple: no digest goes without it. */
export function ownerDigestHasNews(
  facts: Pick<OwnerDigestFacts, 'waitingPhotos' | 'waitingMessages' | 'storageEndsAt' | 'backupStopped'>,
): boolean {
  return (
    facts.waitingPhotos > 0 ||
    facts.waitingMessages > 0 ||
    facts.storageEndsAt !== null ||
    facts.backupStopped
  );
}

/** The couple's daily digest: one line for each thing that waits, each with the link to the place to act. */
export function ownerDigestMail(language: MailLanguage, facts: OwnerDigestFacts): Mail {
  const w = words[language];
  const lines = [
    facts.waitingPhotos > 0 ? w.photos(facts.waitingPhotos, facts.reviewUrl) : null,
    facts.waitingMessages > 0 ? w.messages(facts.waitingMessages, facts.reviewUrl) : null,
    facts.storageEndsAt
      ? w.storage(formatMailDay(lastDay(facts.storageEndsAt), language), facts.upgradeUrl)
      : null,
    facts.backupStopped ? w.backup(facts.upgradeUrl) : null,
  ].filter((line): line is string => line !== null);
  return {
    subject: w.subject(facts.code),
    text: `${w.hello}\n\n${w.intro(facts.code)}\n\n${lines.join('\n')}\n\n${w.settings(facts.eventPageUrl)}\n\n${w.team}\n`,
  };
}
