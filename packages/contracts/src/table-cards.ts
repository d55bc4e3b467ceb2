import type { MailLanguage } from './mail/mail-language.js';
import { galleryPath } from './gallery-link.js';

/**
 * Printed table cards: the couple prints a card with the gallery's QR code for the tables of their venue,
 * optionally one per table ("Table 5"), whose link carries the table so the photos uploaded from it are
 * tagged with it.
 */
export const TABLE_CARD_LIMITS = Object.freeze({
  /** The highest table number a card, a link or an upload may carry (tables are 1 to this). */
  maxTableNumber: 200,
});

/** The paper sizes the cards are laid out on. */
export const TABLE_CARD_PAPERS = ['A4', 'LETTER'] as const;
export type TableCardPaper = (typeof TABLE_CARD_PAPERS)[number];

/** How many cards share one page: a whole page, halves or quarters. */
export const TABLE_CARDS_PER_PAGE = [1, 2, 4] as const;
export type TableCardsPerPage = (typeof TABLE_CARDS_PER_PAGE)[number];

/** The query parameter of a gallery link that names the table its QR code stands on. */
export const TABLE_LINK_PARAMETER = 'table';

/** Whether a value is a table number a card, link or upload may carry. */
export function isTableNumber(value: unknown): value is number {
  return (
    Number.isInteger(value) && (value as number) >= 1 && (value as number) <= TABLE_CARD_LIMITS.maxTableNumber
  );
}

/** The table a gallery link's query names, or null when it names none or one out of range. */
export function tableFromQuery(search: string): number | null {
  const raw = new URLSearchParams(search).get(TABLE_LINK_PARAMETER);
  if (raw === null || !/^\d{1,3}$/.test(raw)) return null;
  const table = Number(raw);
  return isTableNumber(table) ? table : null;
}

/** A gallery's path in its language, with the table its card stands on when given. */
export function tableCardPath(code: string, language: MailLanguage, table: number | null): string {
  const path = galleryPath(code, language);
  return table === null ? path : `${path}?${TABLE_LINK_PARAMETER}=${table}`;
}

/** What a printed card says, in the gallery's language. */
export interface TableCardTexts {
  /** "Table 5", on a table's own card. */
  table: (table: number) => string;
  /** The gallery code spelled out below the QR code. */
  code: (code: string) => string;
  /** The one line of how to join. */
  howToJoin: (host: string) => string;
  /** The PDF's title (its metadata). */
  title: (coupleNames: string) => string;
}

export const TABLE_CARD_TEXTS: Readonly<Record<MailLanguage, TableCardTexts>> = {
  en: {
    table: (table) => `Table ${table}`,
    code: (code) => `Gallery code: ${code}`,
    howToJoin: (host) =>
      `Scan the QR code with your phone's camera, or open ${host} and enter the code, to share your photos. No app needed.`,
    title: (coupleNames) => `Table cards - ${coupleNames}`,
  },
  fr: {
    table: (table) => `Table ${table}`,
    code: (code) => `Code de la galerie : ${code}`,
    howToJoin: (host) =>
      `Scannez le QR code avec l’appareil photo de votre téléphone, ou ouvrez ${host} et saisissez le code, pour partager vos photos. Aucune application à installer.`,
    title: (coupleNames) => `Cartes de table - ${coupleNames}`,
  },
  es: {
    table: (table) => `Mesa ${table}`,
    code: (code) => `Código de la galería: ${code}`,
    howToJoin: (host) =>
      `Escanea el código QR con la cámara de tu teléfono, o abre ${host} e introduce el código, para compartir tus fotos. Sin instalar ninguna aplicación.`,
    title: (coupleNames) => `Tarjetas de mesa - ${coupleNames}`,
  },
};
