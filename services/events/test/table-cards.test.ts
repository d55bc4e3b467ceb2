import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jsQRModule from 'jsqr';
import sharp from 'sharp';
import { RATE_LIMITS } from '@gallery/contracts';
import { startEvents, type EventsHarness } from './harness.js';

const run = promisify(execFile);
// jsqr is CommonJS whose `default` export is the decoder: node hands its module.exports as the default import.
const jsQR = jsQRModule.default;

interface TableCards {
  tableCards: { fileName: string; pdfBase64: string; pageCount: number };
}

const TABLE_CARDS = `query Cards($code: String!, $paper: TableCardPaper, $perPage: Int, $tables: Int) {
  tableCards(eventCode: $code, paper: $paper, cardsPerPage: $perPage, tables: $tables) {
    fileName pdfBase64 pageCount
  }
}`;

/** The PDF read back as poppler reads it: its text, its page size, and the QR codes found on its pages. */
async function readBack(
  pdf: Buffer,
  cardsPerPage: 1 | 2 | 4,
): Promise<{ text: string; pageSize: string; qrCodes: string[][] }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'table-cards-'));
  try {
    const file = path.join(folder, 'cards.pdf');
    await writeFile(file, pdf);
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    const { stdout: info } = await run('pdfinfo', [file]);
    await run('pdftoppm', ['-r', '100', '-png', file, path.join(folder, 'page')]);
    const pages = (await readdir(folder)).filter((name) => name.endsWith('.png')).sort();
    const qrCodes: string[][] = [];
    for (const page of pages) {
      qrCodes.push(await decodeQrCodes(path.join(folder, page), cardsPerPage));
    }
    return { text, pageSize: /Page size:\s+(.+)/.exec(info)?.[1] ?? '', qrCodes };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** jsQR finds one code an image: each card's part of a rendered page (whole, halves, quarters) is read alone. */
async function decodeQrCodes(png: string, cardsPerPage: 1 | 2 | 4): Promise<string[]> {
  const { width, height } = await sharp(png).metadata();
  const halfW = Math.floor(width / 2);
  const halfH = Math.floor(height / 2);
  const found = new Set<string>();
  const regions =
    cardsPerPage === 1
      ? [{ left: 0, top: 0, width, height }]
      : cardsPerPage === 2
        ? [
            { left: 0, top: 0, width, height: halfH },
            { left: 0, top: halfH, width, height: height - halfH },
          ]
        : [
            { left: 0, top: 0, width: halfW, height: halfH },
            { left: halfW, top: 0, width: width - halfW, height: halfH },
            { left: 0, top: halfH, width: halfW, height: height - halfH },
            { left: halfW, top: halfH, width: width - halfW, height: height - halfH },
          ];
  for (const region of regions) {
    const { data, info } = await sharp(png)
      .extract(region)
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(
      new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      info.width,
      info.height,
    );
    if (code) found.add(code.data);
  }
  return [...found].sort();
}

describe('events service: printed table cards', () => {
  let events: EventsHarness | undefined;

  const graphql = <Data>(query: string, variables: object, token?: string) =>
    events!.graphql<Data>(query, variables, token);
  const order = (coupleNames: string, language: string) =>
    events!.orderGallery({ coupleNames, language, location: 'Sevilla', phone: '+34 612 345 678' });

  beforeAll(async () => {
    events = await startEvents({ busName: 'events-table-cards-test' });
  });

  afterAll(() => events?.stop());

  it("prints a card per table in the gallery's language, each QR code opening the gallery at its table", async () => {
    const { code, ownerToken } = await order('Zoé & Íñigo', 'es');
    const body = await graphql<TableCards>(
      TABLE_CARDS,
      { code, paper: 'LETTER', perPage: 4, tables: 5 },
      ownerToken,
    );
    expect(body.errors).toBeUndefined();
    const cards = body.data!.tableCards;
    expect(cards.fileName).toBe('Zoé & Íñigo - table cards.pdf');
    expect(cards.pageCount).toBe(2);
    const pdf = Buffer.from(cards.pdfBase64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const { text, pageSize, qrCodes } = await readBack(pdf, 4);
    expect(pageSize).toMatch(/^612 x 792 pts \(letter\)/);
    // The names with their accents (the fonts are embedded), the date, each table, the code spelled out.
    expect(text.match(/Zoé & Íñigo/g)).toHaveLength(5);
    expect(text).toContain('12 de junio de 2027');
    for (const table of [1, 2, 3, 4, 5]) expect(text).toContain(`Mesa ${table}`);
    expect(text).not.toContain('Mesa 6');
    expect(text).toContain(`Código de la galería: ${code.slice(0, 4)} ${code.slice(4)}`);
    expect(text).toContain('gallery.test');
    // Four cards on the first page, the fifth on the second; each code decodes to its table's link.
    const link = (table: number) => `https://gallery.test/es/gallery/${code}?table=${table}`;
    expect(qrCodes).toEqual([[1, 2, 3, 4].map(link), [link(5)]]);
  });

  it('prints one A4 page of cards for every table when no tables are asked for', async () => {
    const { code, ownerToken } = await order('Léa & Noël', 'fr');
    const body = await graphql<TableCards>(TABLE_CARDS, { code, paper: 'A4', perPage: 2 }, ownerToken);
    expect(body.errors).toBeUndefined();
    expect(body.data!.tableCards.pageCount).toBe(1);
    const pdf = Buffer.from(body.data!.tableCards.pdfBase64, 'base64');
    const { text, pageSize, qrCodes } = await readBack(pdf, 2);
    expect(pageSize).toMatch(/^595\.2\d* x 841\.8\d* pts \(A4\)/);
    expect(text.match(/Léa & Noël/g)).toHaveLength(2);
    expect(text).toContain('12 juin 2027');
    expect(text).toContain(`Code de la galerie : ${code.slice(0, 4)} ${code.slice(4)}`);
    expect(text).not.toMatch(/Table \d/);
    expect(qrCodes).toEqual([[`https://gallery.test/fr/gallery/${code}`]]);
  });

  it('refuses anyone but the owner, a layout or table count out of range, and the 31st PDF in an hour', async () => {
    const { code, ownerToken } = await order('Ana & Luis', 'en');
    const other = await order('Eve & Tom', 'en');
    const stranger = await graphql<TableCards>(TABLE_CARDS, { code }, other.ownerToken);
    expect(stranger.errors?.[0]?.extensions.code).toBe('NOT_GALLERY_OWNER');
    const anonymous = await graphql<TableCards>(TABLE_CARDS, { code });
    expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    const tooMany = await graphql<TableCards>(TABLE_CARDS, { code, tables: 201 }, ownerToken);
    expect(tooMany.errors?.[0]?.extensions.code).toBe('TABLE_NUMBER_INVALID');
    const none = await graphql<TableCards>(TABLE_CARDS, { code, tables: 0 }, ownerToken);
    expect(none.errors?.[0]?.extensions.code).toBe('TABLE_NUMBER_INVALID');
    const three = await graphql<TableCards>(TABLE_CARDS, { code, perPage: 3 }, ownerToken);
    expect(three.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    // Every ask by the owner counts, refused or not: three above, 27 more reach the hour's 30.
    for (let ask = 0; ask < RATE_LIMITS.tableCardPrints.points - 3; ask++) {
      const refused = await graphql<TableCards>(TABLE_CARDS, { code, tables: 0 }, ownerToken);
      expect(refused.errors?.[0]?.extensions.code).toBe('TABLE_NUMBER_INVALID');
    }
    const limited = await graphql<TableCards>(TABLE_CARDS, { code }, ownerToken);
    expect(limited.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
    // Counted per gallery: the couple's other gallery still prints.
    const otherCards = await graphql<TableCards>(
      TABLE_CARDS,
      { code: other.code, perPage: 1 },
      other.ownerToken,
    );
    expect(otherCards.errors).toBeUndefined();
  });
});
