import type { PlanId } from '../plans.js';
import { formatAmount, formatMailDay as formatDay, PLAN_NAMES, type MailLanguage } from './mail-language.js';

export interface PaymentReceiptMailInput {
  language: MailLanguage;
  eventCode: string;
  galleryUrl: string;
  fromPlan: PlanId;
  plan: PlanId;
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
    v: PaymentReceiptMailInput & { amount: string; day: string; from: string; to: string },
  ) => MailText;
  refund: (v: RefundMailInput & { amount: string; day: string; from: string; to: string }) => MailText;
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
        `Plan: ${v.from} -> ${v.to}`,
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
        `Your gallery returns from the ${v.from} plan to the ${v.to} plan. Photos already uploaded are kept.`,
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
        `Formule : ${v.from} -> ${v.to}`,
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
        `Votre galerie repasse de la formule ${v.from} à la formule ${v.to}. Les photos déjà envoyées sont conservées.`,
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
        `Plan: ${v.from} -> ${v.to}`,
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
        `Su galería vuelve del plan ${v.from} al plan ${v.to}. Las fotos ya subidas se conservan.`,
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
  });
}
