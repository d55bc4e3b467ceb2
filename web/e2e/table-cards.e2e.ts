import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { en } from '../src/i18n/en.js';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, until, type BrowserTest } from './browser.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from './product-api.js';

// Printed table cards from the couple's event page, a guest uploading from a table's card, the gallery's filter and
// the zip by table, and the couple's Remove in the viewer with the event page's Undo: through the product as it runs.

const run = promisify(execFile);

const jpeg = () =>
  sharp(randomBytes(64 * 48 * 3), { raw: { width: 64, height: 48, channels: 3 } })
    .jpeg()
    .toBuffer();

describe('table cards', () => {
  let e2e: BrowserTest | undefined;
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'table-cards-e2e-'));
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
    await rm(folder, { recursive: true, force: true });
  }, STOP_TIMEOUT_MS);

  async function openPage(pagePath: string, token?: string, width = 1280): Promise<Page> {
    const context = await e2e!.browser.newContext({
      viewport: { width, height: 900 },
      acceptDownloads: true,
    });
    if (token) await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}${pagePath}`);
    return page;
  }

  async function serverPhotoIds(code: string): Promise<string[]> {
    const { event } = await graphqlAt<{ event: { photos: { nodes: { id: string }[] } } }>(
      e2e!.product.url,
      'query ($code: String!) { event(code: $code) { photos(first: 50) { nodes { id } } } }',
      { code },
    );
    return event.photos.nodes.map((photo) => photo.id);
  }

  it('prints the cards from the event page: the options, then a PDF that comes back', async () => {
    const { code, sessionToken } = await createGalleryAt(e2e!.product.url, { coupleNames: 'Anna & Ben' });
    const page = await openPage(`/event/${code}`, sessionToken, 360);
    const section = page.locator('#table-cards');
    await section.getByRole('heading', { name: en.tableCards.title }).waitFor();
    await section.getByLabel(en.tableCards.paper).selectOption('LETTER');
    await section.getByLabel(en.tableCards.perPage).selectOption('4');
    await section.getByLabel(en.tableCards.perTable).check();
    const tables = section.getByLabel(en.tableCards.tableCount);
    await tables.fill('500');
    await section.getByText('Tables are numbered from 1 to 200.').waitFor();
    await tables.fill('6');
    await section.getByRole('button', { name: en.tableCards.make }).click();

    const link = section.getByRole('link', { name: en.tableCards.download });
    await link.waitFor();
    await section.getByText(en.tableCards.ready.replace('{{count}}', '2')).waitFor();
    // The link to the PDF takes the focus, so a keyboard or screen reader user is where the file is.
    expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
    const download = page.waitForEvent('download');
    await link.click();
    const file = path.join(folder, (await download).suggestedFilename());
    await (await download).saveAs(file);
    expect(path.basename(file)).toBe('Anna & Ben - table cards.pdf');
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    const { stdout: info } = await run('pdfinfo', [file]);
    expect(info).toMatch(/Pages:\s+2\n/);
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    const { stdout: text } = await run('pdftotext', [file, '-']);
    expect(text).toContain('Table 6');
    await page.context().close();
  }, 120_000);

  it("tags a guest's photos with their card's table: the gallery's filter and the zip's folders", async () => {
    const url = e2e!.product.url;
    const { code, sessionToken } = await createGalleryAt(url);
    await uploadGuestPhotos(url, code, 2);
    const guest = await openPage(`/gallery/${code}?table=3`, undefined, 360);
    await guest
      .getByTestId('photo-file-input')
      .setInputFiles([{ name: 'cake.jpg', mimeType: 'image/jpeg', buffer: await jpeg() }]);
    await guest.locator('[data-testid="upload-panel"][data-ended="true"]').waitFor({ timeout: 30_000 });
    // Back by the plain link: the browser still uploads from table 3.
    await guest.goto(`${url}/gallery/${code}`);
    await guest
      .getByTestId('photo-file-input')
      .setInputFiles([{ name: 'dance.jpg', mimeType: 'image/jpeg', buffer: await jpeg() }]);
    await guest.locator('[data-testid="upload-panel"][data-ended="true"]').waitFor({ timeout: 30_000 });
    await guest.reload();

    const filter = guest.getByLabel(en.tableCards.filter);
    await guest.locator('option[value="3"]', { hasText: 'Table 3 (2)' }).waitFor({ state: 'attached' });
    await until('the whole gallery', async () => (await guest.locator('img[data-photo-id]').count()) === 4);
    await filter.selectOption('3');
    await until('the table 3 photos', async () => (await guest.locator('img[data-photo-id]').count()) === 2);
    await filter.selectOption('');
    await until(
      'the whole gallery again',
      async () => (await guest.locator('img[data-photo-id]').count()) === 4,
    );
    await guest.context().close();

    // The couple's zip with a folder per table.
    const couple = await openPage(`/gallery/${code}`, sessionToken);
    await couple.locator('img[data-photo-id]').nth(3).waitFor();
    await couple.getByLabel(en.archiveLayout.label).selectOption('BY_TABLE');
    const download = couple.waitForEvent('download', { timeout: 60_000 });
    await couple.getByRole('button', { name: en.gallery.downloadAll }).click();
    const zip = path.join(folder, 'by-table.zip');
    await (await download).saveAs(zip);
    const entries = (await run('zipinfo', ['-1', zip])).stdout.trim().split('\n');
    const folders = entries.map((entry) => entry.split('/').slice(0, -1).join('/')).sort();
    expect(folders).toEqual([
      'Sarah & Mike/Photos from no table',
      'Sarah & Mike/Photos from no table',
      'Sarah & Mike/Table 3',
      'Sarah & Mike/Table 3',
    ]);
    await couple.context().close();
  }, 150_000);

  it("takes a table's new photo into that table's filter live, and moves the tables' counts", async () => {
    const url = e2e!.product.url;
    const { code, sessionToken } = await createGalleryAt(url);
    await uploadGuestPhotos(url, code, 1, { table: 5 });
    const guest = await openPage(`/gallery/${code}`, undefined, 360);
    const option = (table: number, count: number) =>
      guest.locator(`option[value="${table}"]`, { hasText: `Table ${table} (${count})` });
    await option(5, 1).waitFor({ state: 'attached' });
    await guest.getByLabel(en.tableCards.filter).selectOption('5');
    const tiles = guest.locator('.photo-grid img[data-photo-id]');
    await until('the table 5 photo', async () => (await tiles.count()) === 1);

    // Another guest's photo from no table, then one from table 5's card: the open filter takes in the second only,
    // and table 5's count moves with it.
    const [elsewhere] = await uploadGuestPhotos(url, code, 1);
    const [fromTable] = await uploadGuestPhotos(url, code, 1, { table: 5 });
    await guest.locator(`.photo-grid img[data-photo-id="${fromTable}"]`).waitFor();
    expect(await tiles.count()).toBe(2);
    expect(await guest.locator(`.photo-grid img[data-photo-id="${elsewhere}"]`).count()).toBe(0);
    await option(5, 2).waitFor({ state: 'attached' });

    // A table with no photo yet joins the list with its first; the couple's removal lowers a count.
    const [fromTable8] = await uploadGuestPhotos(url, code, 1, { table: 8 });
    await option(8, 1).waitFor({ state: 'attached' });
    await graphqlAt(url, 'mutation ($id: ID!) { removePhoto(id: $id) }', { id: fromTable }, sessionToken);
    await option(5, 1).waitFor({ state: 'attached' });
    await graphqlAt(url, 'mutation ($id: ID!) { removePhoto(id: $id) }', { id: fromTable8 }, sessionToken);
    await guest.locator('option[value="8"]').waitFor({ state: 'detached' });
    expect(await option(5, 1).count()).toBe(1);
    await guest.context().close();
  }, 120_000);

  it("gives the couple's Remove in the viewer the event page's Undo", async () => {
    const url = e2e!.product.url;
    const { code, sessionToken } = await createGalleryAt(url);
    const [newest, older] = await uploadGuestPhotos(url, code, 2).then(async () => serverPhotoIds(code));
    const page = await openPage(`/gallery/${code}`, sessionToken);
    const tile = (id: string) => page.locator(`.photo-grid img[data-photo-id="${id}"]`);
    await tile(newest).click();
    const viewer = page.locator('dialog.photo-viewer');
    await viewer.waitFor();

    // Removed, then undone inside the open viewer: the photo is back and nothing was sent.
    await viewer.getByRole('button', { name: en.owner.removePhoto }).click();
    const toast = page.getByTestId('undo-toast');
    await toast.getByText(en.couplePages.event.photoRemoved).waitFor();
    await tile(newest).waitFor({ state: 'detached' });
    await toast.getByRole('button', { name: en.ui.undo }).click();
    await toast.waitFor({ state: 'detached' });
    await tile(newest).waitFor({ state: 'attached' });
    expect(await serverPhotoIds(code)).toEqual([newest, older]);

    // On a phone the toast stands above the viewer's buttons, none of them under it.
    await page.setViewportSize({ width: 360, height: 740 });
    await viewer.getByRole('button', { name: en.owner.removePhoto }).click();
    await toast.waitFor();
    const toastBox = (await toast.boundingBox())!;
    for (const control of await viewer.locator('.photo-viewer-controls > :is(a, button)').all()) {
      const box = (await control.boundingBox())!;
      expect({ control: await control.textContent(), over: toastBox.y + toastBox.height > box.y }).toEqual({
        control: await control.textContent(),
        over: false,
      });
    }
    await toast.getByRole('button', { name: en.ui.undo }).click();
    await toast.waitFor({ state: 'detached' });
    await tile(newest).waitFor({ state: 'attached' });

    // Removed and left: sent when the toast ends, and gone for good after a reload.
    await viewer.getByRole('button', { name: en.owner.removePhoto }).click();
    await toast.waitFor();
    expect(await serverPhotoIds(code)).toHaveLength(2);
    await toast.waitFor({ state: 'detached', timeout: 30_000 });
    await until(
      'the removal sent when its toast ended',
      async () => (await serverPhotoIds(code)).length === 1,
    );
    await page.reload();
    await page.locator('.photo-grid img[data-photo-id]').first().waitFor();
    expect(await page.locator('.photo-grid img[data-photo-id]').count()).toBe(1);
    await page.context().close();
  }, 120_000);
});
