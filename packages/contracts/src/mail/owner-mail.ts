import { formatMailDay, type MailLanguage } from './mail-language.js';

interface Mail {
  subject: string;
  text: string;
}

const signInTexts: Record<MailLanguage, (url: string, minutes: number) => Mail> = {
  en: (url, minutes) => ({
    subject: 'Your sign-in link for Wedding Gallery',
    text: `Hello,\n\nUse this link to sign in and see your galleries:\n${url}\n\nIt works once and expires in ${minutes} minutes. If you did not ask for it, ignore this email.\n\nThe Wedding Gallery team\n`,
  }),
  fr: (url, minutes) => ({
    subject: 'Votre lien de connexion à Wedding Gallery',
    text: `Bonjour,\n\nUtilisez ce lien pour vous connecter et retrouver vos galeries :\n${url}\n\nIl ne fonctionne qu'une fois et expire dans ${minutes} minutes. Si vous ne l'avez pas demandé, ignorez cet e-mail.\n\nL'équipe Wedding Gallery\n`,
  }),
  es: (url, minutes) => ({
    subject: 'Tu enlace para iniciar sesión en Wedding Gallery',
    text: `Hola:\n\nUsa este enlace para iniciar sesión y ver tus galerías:\n${url}\n\nFunciona una sola vez y caduca en ${minutes} minutos. Si no lo pediste, ignora este correo.\n\nEl equipo de Wedding Gallery\n`,
  }),
};

/** The one-time sign-in link mail. */
export function signInLinkMail(language: MailLanguage, url: string, minutes: number): Mail {
  return signInTexts[language](url, minutes);
}

export interface GalleryEndingFacts {
  code: string;
  galleryUrl: string;
  /** yyyy-mm-dd: the last day downloads are open. */
  purgeDay: string;
  /** False: storage just ended; true: the reminder before the purge. */
  reminder: boolean;
}

const endingTexts: Record<MailLanguage, (facts: GalleryEndingFacts) => Mail> = {
  en: ({ code, galleryUrl, purgeDay, reminder }) => ({
    subject: reminder
      ? `Reminder: gallery ${code} will be deleted on ${purgeDay}`
      : `Gallery ${code} no longer takes uploads`,
    text: `Hello,\n\n${reminder ? 'This is a reminder: ' : 'The storage period of your gallery has ended and it no longer takes uploads. '}You can still download every photo with Download All until ${purgeDay}:\n${galleryUrl}\n\nAfter that day the gallery and all its photos are deleted for good.\n\nThe Wedding Gallery team\n`,
  }),
  fr: ({ code, galleryUrl, purgeDay, reminder }) => ({
    subject: reminder
      ? `Rappel : la galerie ${code} sera supprimée le ${purgeDay}`
      : `La galerie ${code} n'accepte plus de photos`,
    text: `Bonjour,\n\n${reminder ? 'Petit rappel : ' : "La durée de stockage de votre galerie est terminée et elle n'accepte plus de photos. "}Vous pouvez encore tout télécharger avec « Tout télécharger » jusqu'au ${purgeDay} :\n${galleryUrl}\n\nEnsuite, la galerie et toutes ses photos sont supprimées définitivement.\n\nL'équipe Wedding Gallery\n`,
  }),
  es: ({ code, galleryUrl, purgeDay, reminder }) => ({
    subject: reminder
      ? `Recordatorio: la galería ${code} se eliminará el ${purgeDay}`
      : `La galería ${code} ya no acepta fotos`,
    text: `Hola:\n\n${reminder ? 'Un recordatorio: ' : 'El periodo de almacenamiento de tu galería terminó y ya no acepta fotos. '}Aún puedes descargar todas las fotos con «Descargar todo» hasta el ${purgeDay}:\n${galleryUrl}\n\nDespués de ese día la galería y todas sus fotos se eliminan para siempre.\n\nEl equipo de Wedding Gallery\n`,
  }),
};

/** The mail when a gallery's storage ends (downloads stay open for the grace period), and the reminder. */
export function galleryEndingMail(language: MailLanguage, facts: GalleryEndingFacts): Mail {
  return endingTexts[language]({ ...facts, purgeDay: formatMailDay(facts.purgeDay, language) });
}
