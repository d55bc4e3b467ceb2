import { PLAN_IDS, type PlanId } from '../plans/plans.js';
import {
  formatAmount,
  formatMailDay as formatDay,
  NEW_GALLERY_PURCHASE,
  PLAN_NAMES,
  type MailLanguage,
} from './mail-language.js';

export interface PaymentReceiptMailInput {
  language: MailLanguage;
  eventCode: string;
  galleryUrl: string;
  fromPlan: PlanId;
  plan: PlanId;
  /** The payment of a new gallery's own order: one purchase, named so, not a move from `fromPlan`. */
  newGallery?: boolean;
  amountCents: number;
  currency: string;
  paidAt: string;
  /** The money-back window in days (REFUND_WINDOW_DAYS), named in the receipt. */
  refundWindowDays: number;
}

export interface RefundMailInput {
  language: MailLanguage;
  eventCode: string;
  galleryUrl: string;
  plan: PlanId;
  revertTo: PlanId;
  amountCents: number;
  currency: string;
  refundedAt: string;
}

export interface MailText {
  subject: string;
  text: string;
}

type Texts = {
  receipt: (
    v: PaymentReceiptMailInput & { amount: string; day: string; from: string; to: string; purchase: string },
  ) => MailText;
  /** `stays`: the refunded payment was not what the plan rests on (a later one raised it): the plan is kept. */
  refund: (
    v: RefundMailInput & { amount: string; day: string; from: string; to: string; stays: boolean },
  ) => MailText;
};

const TEXTS: Record<MailLanguage, Texts> = {
  en: {
    receipt: (v) => ({
      subject: `Payment receipt: ${v.to} plan for gallery ${v.eventCode}`,
      text: [
        'Thank you for your payment.',
        '',
        `Amount paid: ${v.amount}`,
        `Date: ${v.day}`,
        v.newGallery ? `Plan: ${v.to} (${v.purchase})` : `Plan: ${v.from} -> ${v.to}`,
        `Gallery code: ${v.eventCode}`,
        `Gallery link: ${v.galleryUrl}`,
        '',
        `You can ask for a full refund within ${v.refundWindowDays} days of this payment.`,
      ].join('\n'),
    }),
    refund: (v) => ({
      subject: `Refund confirmed for gallery ${v.eventCode}`,
      text: [
        'Your refund has been issued.',
        '',
        `Amount refunded: ${v.amount}`,
        `Date: ${v.day}`,
        v.stays
          ? `Your gallery stays on the ${v.to} plan, which a later purchase gave it. Photos already uploaded are kept.`
          : `Your gallery returns from the ${v.from} plan to the ${v.to} plan. Photos already uploaded are kept.`,
        `Gallery code: ${v.eventCode}`,
        `Gallery link: ${v.galleryUrl}`,
      ].join('\n'),
    }),
  },
  fr: {
    receipt: (v) => ({
      subject: `Reçu de paiement : formule ${v.to} pour la galerie ${v.eventCode}`,
      text: [
        'Merci pour votre paiement.',
        '',
        `Montant payé : ${v.amount}`,
        `Date : ${v.day}`,
        v.newGallery ? `Formule : ${v.to} (${v.purchase})` : `Formule : ${v.from} -> ${v.to}`,
        `Code de la galerie : ${v.eventCode}`,
        `Lien de la galerie : ${v.galleryUrl}`,
        '',
        `Vous pouvez demander un remboursement complet dans les ${v.refundWindowDays} jours suivant ce paiement.`,
      ].join('\n'),
    }),
    refund: (v) => ({
      subject: `Remboursement confirmé pour la galerie ${v.eventCode}`,
      text: [
        'Votre remboursement a été effectué.',
        '',
        `Montant remboursé : ${v.amount}`,
        `Date : ${v.day}`,
        v.stays
          ? `Votre galerie reste sur la formule ${v.to}, obtenue par un achat ultérieur. Les photos déjà envoyées sont conservées.`
          : `Votre galerie repasse de la formule ${v.from} à la formule ${v.to}. Les photos déjà envoyées sont conservées.`,
        `Code de la galerie : ${v.eventCode}`,
        `Lien de la galerie : ${v.galleryUrl}`,
      ].join('\n'),
    }),
  },
  es: {
    receipt: (v) => ({
      subject: `Recibo de pago: plan ${v.to} para la galería ${v.eventCode}`,
      text: [
        'Gracias por su pago.',
        '',
        `Importe pagado: ${v.amount}`,
        `Fecha: ${v.day}`,
        v.newGallery ? `Plan: ${v.to} (${v.purchase})` : `Plan: ${v.from} -> ${v.to}`,
        `Código de la galería: ${v.eventCode}`,
        `Enlace de la galería: ${v.galleryUrl}`,
        '',
        `Puede pedir un reembolso completo dentro de los ${v.refundWindowDays} días siguientes a este pago.`,
      ].join('\n'),
    }),
    refund: (v) => ({
      subject: `Reembolso confirmado para la galería ${v.eventCode}`,
      text: [
        'Su reembolso se ha emitido.',
        '',
        `Importe reembolsado: ${v.amount}`,
        `Fecha: ${v.day}`,
        v.stays
          ? `Su galería sigue en el plan ${v.to}, que le dio una compra posterior. Las fotos ya subidas se conservan.`
          : `Su galería vuelve del plan ${v.from} al plan ${v.to}. Las fotos ya subidas se conservan.`,
        `Código de la galería: ${v.eventCode}`,
        `Enlace de la galería: ${v.galleryUrl}`,
      ].join('\n'),
    }),
  },
};

/** The receipt sent to the gallery's owner once a payment is recorded. */
export function paymentReceiptMail(input: PaymentReceiptMailInput): MailText {
  const names = PLAN_NAMES[input.language];
  return TEXTS[input.language].receipt({
    ...input,
    amount: formatAmount(input.amountCents, input.currency, input.language),
    day: formatDay(input.paidAt, input.language),
    from: names[input.fromPlan],
    to: names[input.plan],
    purchase: NEW_GALLERY_PURCHASE[input.language],
  });
}

/** The confirmation sent to the gallery's owner once a refund went through. */
export function refundConfirmationMail(input: RefundMailInput): MailText {
  const names = PLAN_NAMES[input.language];
  return TEXTS[input.language].refund({
    ...input,
    amount: formatAmount(input.amountCents, input.currency, input.language),
    day: formatDay(input.refundedAt, input.language),
    from: names[input.plan],
    to: names[input.revertTo],
    // Every plan change is an upgrade: a refund that leaves the gallery on the plan bought or above reverted nothing.
    stays: PLAN_IDS.indexOf(input.revertTo) >= PLAN_IDS.indexOf(input.plan),
  });
}

export interface BundleReceiptMailInput {
  language: MailLanguage;
  plan: PlanId;
  /** Events per bundle, bundles bought, and the credits they give (events x quantity). */
  events: number;
  quantity: number;
  credits: number;
  amountCents: number;
  currency: string;
  paidAt: string;
  /** When the unused credits lapse. */
  expiresAt: string;
  refundWindowDays: number;
  dashboardUrl: string;
}

export interface BundleRefundMailInput {
  language: MailLanguage;
  plan: PlanId;
  refundedCredits: number;
  totalCredits: number;
  amountCents: number;
  currency: string;
  refundedAt: string;
}

type BundleTexts = {
  receipt: (
    v: BundleReceiptMailInput & { amount: string; day: string; until: string; name: string },
  ) => MailText;
  refund: (v: BundleRefundMailInput & { amount: string; day: string; name: string }) => MailText;
};

const BUNDLE_TEXTS: Record<MailLanguage, BundleTexts> = {
  en: {
    receipt: (v) => ({
      subject: `Payment receipt: ${v.credits} ${v.name} event credits`,
      text: [
        'Thank you for your payment.',
        '',
        `Amount paid: ${v.amount}`,
        `Date: ${v.day}`,
        `Bought: ${v.quantity} x bundle of ${v.events} ${v.name} events`,
        `Credits: ${v.credits} ${v.name} credits, each one gallery's ${v.name} plan (a new gallery or an upgrade)`,
        `Valid until: ${v.until}`,
        `Your credits: ${v.dashboardUrl}`,
        '',
        `Within ${v.refundWindowDays} days of this payment you can ask for the unused credits to be refunded: the price paid times the share of credits not used. Credits already used stay used.`,
      ].join('\n'),
    }),
    refund: (v) => ({
      subject: `Refund confirmed for ${v.refundedCredits} unused ${v.name} credits`,
      text: [
        'Your refund has been issued.',
        '',
        `Amount refunded: ${v.amount}`,
        `Date: ${v.day}`,
        `Credits refunded: ${v.refundedCredits} of ${v.totalCredits} ${v.name} credits (the unused ones). Galleries made with the others keep their plan.`,
      ].join('\n'),
    }),
  },
  fr: {
    receipt: (v) => ({
      subject: `Reçu de paiement : ${v.credits} crédits d'événement ${v.name}`,
      text: [
        'Merci pour votre paiement.',
        '',
        `Montant payé : ${v.amount}`,
        `Date : ${v.day}`,
        `Achat : ${v.quantity} x lot de ${v.events} événements ${v.name}`,
        `Crédits : ${v.credits} crédits ${v.name}, chacun la formule ${v.name} d'une galerie (nouvelle galerie ou passage à une formule supérieure)`,
        `Valables jusqu'au : ${v.until}`,
        `Vos crédits : ${v.dashboardUrl}`,
        '',
        `Dans les ${v.refundWindowDays} jours suivant ce paiement, vous pouvez demander le remboursement des crédits inutilisés : le prix payé multiplié par la part de crédits non utilisés. Les crédits déjà utilisés le restent.`,
      ].join('\n'),
    }),
    refund: (v) => ({
      subject: `Remboursement confirmé pour ${v.refundedCredits} crédits ${v.name} inutilisés`,
      text: [
        'Votre remboursement a été effectué.',
        '',
        `Montant remboursé : ${v.amount}`,
        `Date : ${v.day}`,
        `Crédits remboursés : ${v.refundedCredits} sur ${v.totalCredits} crédits ${v.name} (ceux non utilisés). Les galeries créées avec les autres gardent leur formule.`,
      ].join('\n'),
    }),
  },
  es: {
    receipt: (v) => ({
      subject: `Recibo de pago: ${v.credits} créditos de evento ${v.name}`,
      text: [
        'Gracias por su pago.',
        '',
        `Importe pagado: ${v.amount}`,
        `Fecha: ${v.day}`,
        `Compra: ${v.quantity} x paquete de ${v.events} eventos ${v.name}`,
        `Créditos: ${v.credits} créditos ${v.name}, cada uno el plan ${v.name} de una galería (una galería nueva o una mejora)`,
        `Válidos hasta: ${v.until}`,
        `Sus créditos: ${v.dashboardUrl}`,
        '',
        `Dentro de los ${v.refundWindowDays} días siguientes a este pago puede pedir el reembolso de los créditos sin usar: el precio pagado por la parte de créditos no usados. Los créditos ya usados siguen usados.`,
      ].join('\n'),
    }),
    refund: (v) => ({
      subject: `Reembolso confirmado de ${v.refundedCredits} créditos ${v.name} sin usar`,
      text: [
        'Su reembolso se ha emitido.',
        '',
        `Importe reembolsado: ${v.amount}`,
        `Fecha: ${v.day}`,
        `Créditos reembolsados: ${v.refundedCredits} de ${v.totalCredits} créditos ${v.name} (los no usados). Las galerías creadas con los demás conservan su plan.`,
      ].join('\n'),
    }),
  },
};

/** The receipt for a bundle of event credits: what was bought, the credits, until when, the refund rule. */
export function bundleReceiptMail(input: BundleReceiptMailInput): MailText {
  return BUNDLE_TEXTS[input.language].receipt({
    ...input,
    amount: formatAmount(input.amountCents, input.currency, input.language),
    day: formatDay(input.paidAt, input.language),
    until: formatDay(input.expiresAt, input.language),
    name: PLAN_NAMES[input.language][input.plan],
  });
}

/** The confirmation of a refund of a bundle's unused credits. */
export function bundleRefundMail(input: BundleRefundMailInput): MailText {
  return BUNDLE_TEXTS[input.language].refund({
    ...input,
    amount: formatAmount(input.amountCents, input.currency, input.language),
    day: formatDay(input.refundedAt, input.language),
    name: PLAN_NAMES[input.language][input.plan],
  });
}
