import { GRACE_PERIOD_DAYS } from '../owners/owners.js';
import { PLANS, type PlanId } from '../plans/plans.js';
import { formatAmount, formatMailDay, PLAN_NAMES, type MailLanguage } from './mail-language.js';

/** What the order confirmation says: the gallery, how to reach it, the plan, and whether payment is pending. */
export interface OrderConfirmationFacts {
  coupleNames: string;
  code: string;
  galleryUrl: string;
  /** The couple's galleries (/dashboard), where they sign in by the email address they ordered with. */
  dashboardUrl: string;
  /** The package ordered. */
  plan: PlanId;
  /** True for a paid package whose payment has not been applied yet. */
  paymentPending: boolean;
  /** When the gallery stops taking uploads (ISO 8601): its storage period's end. */
  expiresAt: string;
}

interface OrderConfirmationTexts {
  subject: (facts: OrderConfirmationFacts) => string;
  greeting: (facts: OrderConfirmationFacts) => string;
  ready: string;
  code: (code: string) => string;
  link: (url: string) => string;
  qr: string;
  dashboard: (url: string) => string;
  plan: (plan: string) => string;
  paymentPending: string;
  /** Uploads are open from the order; the day storage ends; how long Download All stays open after it. */
  keptUntil: (day: string, graceDays: number) => string;
  share: string;
  signature: string;
}

const texts: Record<MailLanguage, OrderConfirmationTexts> = {
  en: {
    subject: ({ code }) => `Your wedding gallery ${code} is ready`,
    greeting: ({ coupleNames }) => `Hello ${coupleNames},`,
    ready: 'Thank you for your order. Your wedding gallery is ready.',
    code: (code) => `Gallery code: ${code}`,
    link: (url) => `Gallery link: ${url}`,
    qr: 'Your gallery’s QR code, to print for your tables:',
    dashboard: (url) => `Manage your galleries and download the photos: ${url}`,
    plan: (plan) => `Package: ${plan}`,
    paymentPending:
      'Payment for this package is pending: the gallery stays on the Free plan until the payment is confirmed.',
    keptUntil: (day, graceDays) =>
      `Guests can add photos from today until ${day}. Your photos are kept until then, and you can still download them all for ${graceDays} days after.`,
    share: 'Share the code or the link with your guests so they can add their photos.',
    signature: 'The Wedding Gallery team',
  },
  fr: {
    subject: ({ code }) => `Votre galerie de mariage ${code} est prête`,
    greeting: ({ coupleNames }) => `Bonjour ${coupleNames},`,
    ready: 'Merci pour votre commande. Votre galerie de mariage est prête.',
    code: (code) => `Code de la galerie : ${code}`,
    link: (url) => `Lien de la galerie : ${url}`,
    qr: 'Le QR code de votre galerie, à imprimer pour vos tables :',
    dashboard: (url) => `Gérez vos galeries et téléchargez les photos : ${url}`,
    plan: (plan) => `Formule : ${plan}`,
    paymentPending:
      'Le paiement de cette formule est en attente : la galerie reste sur la formule Gratuite jusqu’à la confirmation du paiement.',
    keptUntil: (day, graceDays) =>
      `Vos invités peuvent ajouter des photos dès aujourd’hui et jusqu’au ${day}. Vos photos sont conservées jusque-là, et vous pouvez encore toutes les télécharger pendant ${graceDays} jours ensuite.`,
    share: 'Partagez le code ou le lien avec vos invités pour qu’ils ajoutent leurs photos.',
    signature: 'L’équipe Wedding Gallery',
  },
  es: {
    subject: ({ code }) => `Su galería de boda ${code} está lista`,
    greeting: ({ coupleNames }) => `Hola ${coupleNames}:`,
    ready: 'Gracias por su pedido. Su galería de boda está lista.',
    code: (code) => `Código de la galería: ${code}`,
    link: (url) => `Enlace de la galería: ${url}`,
    qr: 'El código QR de su galería, para imprimir para sus mesas:',
    dashboard: (url) => `Gestione sus galerías y descargue las fotos: ${url}`,
    plan: (plan) => `Paquete: ${plan}`,
    paymentPending:
      'El pago de este paquete está pendiente: la galería sigue en el plan Gratis hasta que se confirme el pago.',
    keptUntil: (day, graceDays) =>
      `Sus invitados pueden añadir fotos desde hoy hasta el ${day}. Sus fotos se conservan hasta entonces, y aún puede descargarlas todas durante ${graceDays} días más.`,
    share: 'Comparta el código o el enlace con sus invitados para que añadan sus fotos.',
    signature: 'El equipo de Wedding Gallery',
  },
};

/** The content id of the gallery's QR code, attached as a PNG to the confirmation and shown in its HTML body. */
export const ORDER_QR_CID = 'gallery-qr';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The order confirmation in `language`: subject, plain-text body, and an HTML body of the same lines with the
 * gallery's QR code (the PNG attached under ORDER_QR_CID) after the link. Prices come from the plan catalogue.
 */
export function orderConfirmationMail(
  language: MailLanguage,
  facts: OrderConfirmationFacts,
): { subject: string; text: string; html: string } {
  const t = texts[language];
  const name = PLAN_NAMES[language][facts.plan];
  const price = PLANS[facts.plan].priceUsd;
  const planLine = t.plan(price > 0 ? `${name} (${formatAmount(price * 100, 'usd', language)})` : name);
  const head = [t.greeting(facts), '', t.ready, '', t.code(facts.code), t.link(facts.galleryUrl)];
  const tail = [
    planLine,
    ...(facts.paymentPending ? ['', t.paymentPending] : []),
    '',
    t.keptUntil(formatMailDay(lastDay(facts.expiresAt), language), GRACE_PERIOD_DAYS),
    '',
    t.share,
    t.dashboard(facts.dashboardUrl),
    '',
    t.signature,
  ];
  const paragraphs = (lines: string[]) =>
    lines
      .join('\n')
      .split('\n\n')
      .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`)
      .join('');
  const qr = `<p>${escapeHtml(t.qr)}<br><img src="cid:${ORDER_QR_CID}" alt="${escapeHtml(facts.galleryUrl)}" width="200" height="200"></p>`;
  return {
    subject: t.subject(facts),
    text: `${[...head, ...tail].join('\n')}\n`,
    html: `${paragraphs(head)}${qr}${paragraphs(tail)}`,
  };
}

/** The last whole day a gallery that stops at `expiresAt` takes uploads: the day before a midnight end. */
export function lastDay(expiresAt: string | Date): Date {
  return new Date(new Date(expiresAt).getTime() - 1);
}
