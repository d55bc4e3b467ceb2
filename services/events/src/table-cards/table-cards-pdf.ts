import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import {
  formatMailDay,
  TABLE_CARD_TEXTS,
  type MailLanguage,
  type TableCardPaper,
  type TableCardsPerPage,
} from '@gallery/contracts';

/** What the cards print: the gallery's facts, and one card per table or one card for every table. */
export interface TableCardsContent {
  code: string;
  coupleNames: string;
  /** yyyy-mm-dd */
  weddingDate: string;
  language: MailLanguage;
  /** The host guests can type the code at, e.g. "photos.example.com". */
  host: string;
  /** The link a card's QR code opens, for its table (null: a card for every table). */
  link: (table: number | null) => string;
  /** The tables to print a card for, in order; empty: one page of cards that name no table. */
  tables: number[];
}

export interface TableCardsLayout {
  paper: TableCardPaper;
  cardsPerPage: TableCardsPerPage;
}

/** Paper sizes in PDF points (1/72 inch). */
const PAPER_POINTS: Record<TableCardPaper, [number, number]> = {
  A4: [595.28, 841.89],
  LETTER: [612, 792],
};

/** The design system's colours (web/src/ui/tokens.css), so the cards look like the product. */
const COLOURS = {
  paper: '#faf5ec',
  border: '#c9a96e',
  text: '#2f2622',
  muted: '#6b5e55',
  gold: '#8a6a2f',
  qr: '#2f2622',
};

/**
 * The fonts, embedded (subset) from their npm packages: Cormorant Garamond, the product's serif, for the names and
 * the table; DejaVu Sans for the rest. Both cover the accents of French and Spanish.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  serif: '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff',
  sans: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  sansBold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;
let fonts: Record<keyof typeof FONT_FILES, Buffer> | null = null;
function loadFonts(): Record<keyof typeof FONT_FILES, Buffer> {
  fonts ??= {
    serif: readFileSync(require.resolve(FONT_FILES.serif)),
    sans: readFileSync(require.resolve(FONT_FILES.sans)),
    sansBold: readFileSync(require.resolve(FONT_FILES.sansBold)),
  };
  return fonts;
}

/** The gallery code as people read it off a card: two groups of four ("9PDC 7G9J"), which the code field takes. */
export function spacedCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)} ${code.slice(4)}` : code;
}

/**
 * Makes the PDF of table cards: each page cut into 1, 2 or 4 cards (whole page, halves, quarters) with dashed cut
 * lines; each card shows the couple's names, the date, the table when it has one, the QR code (drawn as vector
 * squares, sharp at any printer's resolution), the code and one line of how to join.
 */
export async function renderTableCards(
  content: TableCardsContent,
  layout: TableCardsLayout,
): Promise<Buffer> {
  const texts = TABLE_CARD_TEXTS[content.language];
  const [pageWidth, pageHeight] = PAPER_POINTS[layout.paper];
  const doc = new PDFDocument({
    size: [pageWidth, pageHeight],
    margin: 0,
    autoFirstPage: false,
    info: { Title: texts.title(content.coupleNames), Author: content.coupleNames },
    lang: content.language,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { serif, sans, sansBold } = loadFonts();
  doc.registerFont('serif', serif);
  doc.registerFont('sans', sans);
  doc.registerFont('sans-bold', sansBold);

  // A card for every table fills one page with copies to cut apart; table cards go one per table.
  const cards: (number | null)[] =
    content.tables.length > 0 ? content.tables : Array.from({ length: layout.cardsPerPage }, () => null);
  const slots = cardSlots(pageWidth, pageHeight, layout.cardsPerPage);
  const qrCodes = new Map<number | null, QRCode.QRCode>();
  // Laid out once per PDF, not once per card: the date's format and each line's height are the same on every card.
  const day = formatMailDay(`${content.weddingDate}T00:00:00Z`, content.language);
  const heights = new Map<string, number>();
  for (let index = 0; index < cards.length; index++) {
    const slot = index % layout.cardsPerPage;
    if (slot === 0) {
      // A page at a time: the service's other requests run between pages of a long PDF (200 cards take seconds).
      if (index > 0) await new Promise((resolve) => setImmediate(resolve));
      doc.addPage();
      drawCutLines(doc, pageWidth, pageHeight, layout.cardsPerPage);
    }
    const table = cards[index];
    let qr = qrCodes.get(table);
    if (!qr) {
      qr = QRCode.create(content.link(table), { errorCorrectionLevel: 'M' });
      qrCodes.set(table, qr);
    }
    drawCard(doc, slots[slot], { ...content, table, qr, texts, day }, heights);
  }
  doc.end();
  return ended;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where each card of a page goes: the whole page, top and bottom halves, or four quarters. */
function cardSlots(width: number, height: number, perPage: TableCardsPerPage): Box[] {
  if (perPage === 1) return [{ x: 0, y: 0, width, height }];
  if (perPage === 2) {
    return [
      { x: 0, y: 0, width, height: height / 2 },
      { x: 0, y: height / 2, width, height: height / 2 },
    ];
  }
  const w = width / 2;
  const h = height / 2;
  return [
    { x: 0, y: 0, width: w, height: h },
    { x: w, y: 0, width: w, height: h },
    { x: 0, y: h, width: w, height: h },
    { x: w, y: h, width: w, height: h },
  ];
}

function drawCutLines(
  doc: PDFKit.PDFDocument,
  width: number,
  height: number,
  perPage: TableCardsPerPage,
): void {
  if (perPage === 1) return;
  doc.save().lineWidth(0.5).strokeColor(COLOURS.border).dash(4, { space: 4 });
  doc.moveTo(0, height / 2).lineTo(width, height / 2);
  if (perPage === 4) doc.moveTo(width / 2, 0).lineTo(width / 2, height);
  doc.stroke().undash().restore();
}

/** A card is laid out at the size of a quarter A4 page and scaled up to its slot: every layout looks alike. */
const BASE_CARD = { width: 297, height: 420 };

function drawCard(
  doc: PDFKit.PDFDocument,
  slot: Box,
  card: TableCardsContent & {
    table: number | null;
    qr: QRCode.QRCode;
    texts: (typeof TABLE_CARD_TEXTS)['en'];
    day: string;
  },
  heights: Map<string, number>,
): void {
  const scale = Math.min(slot.width / BASE_CARD.width, slot.height / BASE_CARD.height);
  const inset = 14 * scale;
  const frame = {
    x: slot.x + inset,
    y: slot.y + inset,
    width: slot.width - 2 * inset,
    height: slot.height - 2 * inset,
  };
  doc.save();
  doc.roundedRect(frame.x, frame.y, frame.width, frame.height, 10 * scale).fill(COLOURS.paper);
  doc
    .roundedRect(
      frame.x + 5 * scale,
      frame.y + 5 * scale,
      frame.width - 10 * scale,
      frame.height - 10 * scale,
      7 * scale,
    )
    .lineWidth(1.2 * scale)
    .stroke(COLOURS.border);
  doc.restore();

  const textWidth = Math.min(frame.width, BASE_CARD.width * scale) - 40 * scale;
  const qrSize = 132 * scale;
  const lines: { font: string; size: number; colour: string; text: string; gapAfter: number }[] = [
    { font: 'serif', size: 26 * scale, colour: COLOURS.text, text: card.coupleNames, gapAfter: 2 * scale },
    {
      font: 'sans',
      size: 10 * scale,
      colour: COLOURS.muted,
      text: card.day,
      gapAfter: 10 * scale,
    },
  ];
  const tableLine =
    card.table === null
      ? null
      : {
          font: 'serif',
          size: 22 * scale,
          colour: COLOURS.gold,
          text: card.texts.table(card.table),
          gapAfter: 8 * scale,
        };
  if (tableLine) lines.push(tableLine);
  const after: typeof lines = [
    {
      font: 'sans-bold',
      size: 11 * scale,
      colour: COLOURS.text,
      text: card.texts.code(spacedCode(card.code)),
      gapAfter: 6 * scale,
    },
    {
      font: 'sans',
      size: 8 * scale,
      colour: COLOURS.muted,
      text: card.texts.howToJoin(card.host),
      gapAfter: 0,
    },
  ];
  const heightOf = (line: (typeof lines)[number]) => {
    // A table's number never wraps: every "Table N" line is as tall as the first.
    const key = `${line.font} ${line.size} ${textWidth} ${line === tableLine ? 'table' : line.text}`;
    let height = heights.get(key);
    if (height === undefined) {
      height = doc
        .font(line.font)
        .fontSize(line.size)
        .heightOfString(line.text, { width: textWidth, align: 'center' });
      heights.set(key, height);
    }
    return height;
  };
  const qrGap = 10 * scale;
  const total =
    [...lines, ...after].reduce((sum, line) => sum + heightOf(line) + line.gapAfter, 0) + qrSize + 2 * qrGap;
  let y = frame.y + Math.max(0, (frame.height - total) / 2);
  const x = frame.x + (frame.width - textWidth) / 2;
  const write = (line: (typeof lines)[number]) => {
    const height = heightOf(line);
    doc
      .font(line.font)
      .fontSize(line.size)
      .fillColor(line.colour)
      .text(line.text, x, y, {
        width: textWidth,
        align: 'center',
        lineBreak: true,
        // Cormorant's figures are old-style by default: its "1" reads as an "I" on a table's card.
        features: line.font === 'serif' ? ['lnum'] : [],
      });
    y += height + line.gapAfter;
  };
  lines.forEach(write);
  y += qrGap;
  drawQrCode(doc, card.qr, frame.x + (frame.width - qrSize) / 2, y, qrSize);
  y += qrSize + qrGap;
  after.forEach(write);
}

/**
 * The QR code's dark modules as filled rectangles, one per horizontal run of them (a third of the drawing
 * operations of one square each), with the quiet zone the white square around them gives.
 */
function drawQrCode(doc: PDFKit.PDFDocument, qr: QRCode.QRCode, x: number, y: number, size: number): void {
  const modules = qr.modules.size;
  const quiet = 2;
  const cell = size / (modules + 2 * quiet);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules; row++) {
    for (let column = 0; column < modules; column++) {
      if (!qr.modules.get(row, column)) continue;
      let end = column;
      while (end + 1 < modules && qr.modules.get(row, end + 1)) end++;
      // A hair taller and wider than the run, so rows and runs join with no seam when rasterised.
      doc.rect(
        x + (column + quiet) * cell,
        y + (row + quiet) * cell,
        (end - column + 1) * cell + 0.01,
        cell + 0.01,
      );
      column = end;
    }
  }
  doc.fill(COLOURS.qr);
  doc.restore();
}
