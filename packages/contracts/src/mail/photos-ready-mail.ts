import type { MailLanguage } from './mail-language.js';

/** What a guest's photos-ready mail says. */
export interface PhotosReadyFacts {
  /** The couple's names as their order gives them ("Sarah & Mike"). */
  coupleNames: string;
  galleryUrl: string;
  /** The gallery showing this browser's own photos ("My photos"). */
  myPhotosUrl: string;
  /** The gallery's "Find me" page (findMePath), where the couple turned it on; null where it is off. */
  findMeUrl: string | null;
  /** The signed link that deletes the address (and stops this mail if it has not gone yet). */
  stopUrl: string;
}

interface Mail {
  subject: string;
  text: string;
}

const texts: Record<MailLanguage, (facts: PhotosReadyFacts) => Mail> = {
  en: ({ coupleNames, galleryUrl, myPhotosUrl, findMeUrl, stopUrl }) => ({
    subject: `The photos of ${coupleNames}'s wedding are in`,
    text: `Hello,\n\nYou asked us to tell you when the photos are in: here they are. Everyone's photos of ${coupleNames}'s wedding are waiting in the gallery:\n${galleryUrl}\n\nYour own photos (on the phone you took them with):\n${myPhotosUrl}\n\n${findMeUrl ? `The photos you are in, found with a selfie ("Find my photos"):\n${findMeUrl}\n\n` : ''}This is the only mail we send you about this gallery. We used your address for nothing else, never showed it to the couple, and delete it now. To delete it without waiting: ${stopUrl}\n\nThe Wedding Gallery team\n`,
  }),
  fr: ({ coupleNames, galleryUrl, myPhotosUrl, findMeUrl, stopUrl }) => ({
    subject: `Les photos du mariage de ${coupleNames} sont là`,
    text: `Bonjour,\n\nVous nous avez demandé de vous prévenir quand les photos seraient là : les voici. Les photos de tous les invités au mariage de ${coupleNames} vous attendent dans la galerie :\n${galleryUrl}\n\nVos propres photos (sur le téléphone qui les a prises) :\n${myPhotosUrl}\n\n${findMeUrl ? `Les photos où vous apparaissez, retrouvées grâce à un selfie (« Retrouver mes photos ») :\n${findMeUrl}\n\n` : ''}C’est le seul e-mail que nous vous envoyons pour cette galerie. Votre adresse n’a servi à rien d’autre, n’a jamais été montrée aux mariés et est maintenant effacée. Pour l’effacer sans attendre : ${stopUrl}\n\nL’équipe Wedding Gallery\n`,
  }),
  es: ({ coupleNames, galleryUrl, myPhotosUrl, findMeUrl, stopUrl }) => ({
    subject: `Ya están las fotos de la boda de ${coupleNames}`,
    text: `Hola:\n\nNos pediste que te avisáramos cuando estuvieran las fotos: aquí están. Las fotos de todos los invitados a la boda de ${coupleNames} te esperan en la galería:\n${galleryUrl}\n\nTus propias fotos (en el teléfono con el que las hiciste):\n${myPhotosUrl}\n\n${findMeUrl ? `Las fotos en las que sales, encontradas con un selfie («Encontrar mis fotos»):\n${findMeUrl}\n\n` : ''}Este es el único correo que te enviamos sobre esta galería. Tu dirección no se usó para nada más, nunca se mostró a los novios y ahora se borra. Para borrarla sin esperar: ${stopUrl}\n\nEl equipo de Wedding Gallery\n`,
  }),
};

/** The one mail a guest who left their address gets when the photos are in, in the language they used. */
export function photosReadyMail(language: MailLanguage, facts: PhotosReadyFacts): Mail {
  return texts[language](facts);
}

/** Where a stop link opens: the web page that asks before it stops (a mail scanner's visit stops nothing). */
export function mailStopPath(token: string, language: MailLanguage): string {
  const prefix = language === 'en' ? '' : `/${language}`;
  return `${prefix}/mail-stop#token=${encodeURIComponent(token)}`;
}
