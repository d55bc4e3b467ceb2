import { PLANS } from '../plans/plans.js';
import type { MailLanguage } from './mail-language.js';

/** What the mail to a couple whose gallery reached its plan's photo limit says. */
export interface GalleryFullFacts {
  code: string;
  /** The plan's photo limit the gallery reached. */
  photoLimit: number;
  galleryUrl: string;
  /** The gallery's upgrade page, where the couple lifts the limit. */
  upgradeUrl: string;
}

const texts: Record<MailLanguage, (facts: GalleryFullFacts) => { subject: string; text: string }> = {
  en: ({ code, photoLimit, galleryUrl, upgradeUrl }) => ({
    subject: `Your gallery ${code} is full`,
    text: `Hello,\n\nYour gallery ${code} now holds ${photoLimit} photos, all the Free plan takes. Your guests can still see and download every photo, but they cannot add new ones: the gallery tells them it is full and to let you know.\n\nTo let them keep adding photos, move the gallery to Standard (unlimited photos, kept ${PLANS.standard.storageDays} days) on its upgrade page. The photos already there stay where they are.\n\nUpgrade: ${upgradeUrl}\nGallery link: ${galleryUrl}\n\nThe Wedding Gallery team\n`,
  }),
  fr: ({ code, photoLimit, galleryUrl, upgradeUrl }) => ({
    subject: `Votre galerie ${code} est pleine`,
    text: `Bonjour,\n\nVotre galerie ${code} contient maintenant ${photoLimit} photos, le maximum de la formule Gratuite. Vos invités peuvent toujours voir et télécharger toutes les photos, mais ils ne peuvent plus en ajouter : la galerie leur indique qu’elle est pleine et qu’il faut vous prévenir.\n\nPour qu’ils puissent continuer à ajouter des photos, passez la galerie à la formule Standard (photos illimitées, conservées ${PLANS.standard.storageDays} jours) depuis sa page de mise à niveau. Les photos déjà présentes restent en place.\n\nMise à niveau : ${upgradeUrl}\nLien de la galerie : ${galleryUrl}\n\nL’équipe Wedding Gallery\n`,
  }),
  es: ({ code, photoLimit, galleryUrl, upgradeUrl }) => ({
    subject: `Su galería ${code} está llena`,
    text: `Hola:\n\nSu galería ${code} ya tiene ${photoLimit} fotos, todas las que admite el plan Gratis. Sus invitados pueden seguir viendo y descargando todas las fotos, pero no pueden añadir más: la galería les indica que está llena y que se lo digan.\n\nPara que puedan seguir añadiendo fotos, pase la galería al plan Estándar (fotos ilimitadas, conservadas ${PLANS.standard.storageDays} días) desde su página de mejora. Las fotos que ya están se quedan donde están.\n\nMejorar el plan: ${upgradeUrl}\nEnlace de la galería: ${galleryUrl}\n\nEl equipo de Wedding Gallery\n`,
  }),
};

/**
 * The mail to the couple when their gallery reached its plan's photo limit, once per gallery: what their guests
 * now see, and how to lift the limit, in `language`.
 */
export function galleryFullMail(
  language: MailLanguage,
  facts: GalleryFullFacts,
): { subject: string; text: string } {
  return texts[language](facts);
}
