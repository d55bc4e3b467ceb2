import type { MailLanguage } from './mail-language.js';

/** What the mail to a couple whose PIN is being guessed says. */
export interface PinGuessingFacts {
  code: string;
  /** Wrong PINs tried at the gallery today (RATE_LIMITS.pinFailuresPerGallery). */
  wrongPins: number;
  /** Hours until new guesses, and new guests, are taken again. */
  hours: number;
  galleryUrl: string;
}

const texts: Record<MailLanguage, (facts: PinGuessingFacts) => { subject: string; text: string }> = {
  en: ({ code, wrongPins, hours, galleryUrl }) => ({
    subject: `Someone is guessing the PIN of your gallery ${code}`,
    text: `Hello,\n\n${wrongPins} wrong PINs were tried at your gallery ${code} today, more than guests mistyping would. To keep your photos safe, no PIN is taken for up to ${hours} hour${hours === 1 ? '' : 's'}: guests who already entered it keep seeing the gallery, but new guests cannot get in meanwhile.\n\nTo let new guests in at once, set a new PIN on your event page and share it with them (a 6-digit PIN is much harder to guess). Guests who entered the old one will be asked for the new one.\n\nGallery link: ${galleryUrl}\n\nThe Wedding Gallery team\n`,
  }),
  fr: ({ code, wrongPins, hours, galleryUrl }) => ({
    subject: `Quelqu’un essaie de deviner le code PIN de votre galerie ${code}`,
    text: `Bonjour,\n\n${wrongPins} codes PIN erronés ont été essayés aujourd’hui sur votre galerie ${code}, bien plus que des invités qui se trompent. Pour protéger vos photos, aucun code PIN n’est accepté pendant ${hours} heure${hours === 1 ? '' : 's'} au plus : les invités qui l’ont déjà saisi voient toujours la galerie, mais de nouveaux invités ne peuvent pas entrer entre-temps.\n\nPour laisser entrer de nouveaux invités tout de suite, choisissez un nouveau code PIN sur la page de votre événement et donnez-le-leur (un code à 6 chiffres est bien plus difficile à deviner). Les invités qui avaient saisi l’ancien devront saisir le nouveau.\n\nLien de la galerie : ${galleryUrl}\n\nL’équipe Wedding Gallery\n`,
  }),
  es: ({ code, wrongPins, hours, galleryUrl }) => ({
    subject: `Alguien intenta adivinar el PIN de su galería ${code}`,
    text: `Hola:\n\nHoy se probaron ${wrongPins} PIN incorrectos en su galería ${code}, muchos más de los que escribirían mal sus invitados. Para proteger sus fotos, no se acepta ningún PIN durante ${hours} hora${hours === 1 ? '' : 's'} como máximo: los invitados que ya lo escribieron siguen viendo la galería, pero los nuevos no pueden entrar mientras tanto.\n\nPara que los nuevos invitados entren ya, ponga un PIN nuevo en la página de su evento y compártalo con ellos (un PIN de 6 dígitos es mucho más difícil de adivinar). A quienes escribieron el anterior se les pedirá el nuevo.\n\nEnlace de la galería: ${galleryUrl}\n\nEl equipo de Wedding Gallery\n`,
  }),
};

/**
 * The mail to the couple when their gallery's wrong PINs reach the day's ceiling: what happened, what it means for
 * their guests, and what to do, in `language`. It never carries the PIN.
 */
export function pinGuessingMail(
  language: MailLanguage,
  facts: PinGuessingFacts,
): { subject: string; text: string } {
  return texts[language](facts);
}
