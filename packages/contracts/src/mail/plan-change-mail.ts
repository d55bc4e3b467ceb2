import { GRACE_PERIOD_DAYS } from '../owners/owners.js';
import type { PlanId } from '../plans/plans.js';
import { formatMailDay, PLAN_NAMES, type MailLanguage } from './mail-language.js';
import { lastDay } from './order-confirmation.js';

/** What the mail after an upgrade says: the gallery, its new plan and until when it takes photos. */
export interface PlanChangeFacts {
  code: string;
  galleryUrl: string;
  plan: PlanId;
  /** When the gallery stops taking uploads (ISO 8601), counted from the wedding day. */
  expiresAt: string;
}

const texts: Record<
  MailLanguage,
  (facts: PlanChangeFacts & { planName: string; day: string }) => { subject: string; text: string }
> = {
  en: ({ code, galleryUrl, planName, day }) => ({
    subject: `Your gallery ${code} is now on the ${planName} plan`,
    text: `Hello,\n\nYour gallery ${code} is now on the ${planName} plan. Guests can add photos until ${day}. Your photos are kept until then, and you can still download them all for ${GRACE_PERIOD_DAYS} days after.\n\nGallery link: ${galleryUrl}\n\nThe Wedding Gallery team\n`,
  }),
  fr: ({ code, galleryUrl, planName, day }) => ({
    subject: `Votre galerie ${code} passe à la formule ${planName}`,
    text: `Bonjour,\n\nVotre galerie ${code} est maintenant sur la formule ${planName}. Vos invités peuvent ajouter des photos jusqu’au ${day}. Vos photos sont conservées jusque-là, et vous pouvez encore toutes les télécharger pendant ${GRACE_PERIOD_DAYS} jours ensuite.\n\nLien de la galerie : ${galleryUrl}\n\nL’équipe Wedding Gallery\n`,
  }),
  es: ({ code, galleryUrl, planName, day }) => ({
    subject: `Su galería ${code} ya está en el plan ${planName}`,
    text: `Hola:\n\nSu galería ${code} ya está en el plan ${planName}. Sus invitados pueden añadir fotos hasta el ${day}. Sus fotos se conservan hasta entonces, y aún puede descargarlas todas durante ${GRACE_PERIOD_DAYS} días más.\n\nEnlace de la galería: ${galleryUrl}\n\nEl equipo de Wedding Gallery\n`,
  }),
};

/** The mail once a paid plan is applied: the new plan and the last day guests can add photos, in `language`. */
export function planChangeMail(
  language: MailLanguage,
  facts: PlanChangeFacts,
): { subject: string; text: string } {
  return texts[language]({
    ...facts,
    planName: PLAN_NAMES[language][facts.plan],
    day: formatMailDay(lastDay(facts.expiresAt), language),
  });
}
