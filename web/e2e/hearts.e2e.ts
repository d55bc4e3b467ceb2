import { mkdir } from 'node:fs/promises';
import { GUESTBOOK_LIMITS, GUEST_RATE_LIMITS } from '@gallery/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  seedPhotos,
  seriousViolations,
  startBrowserTest,
  until,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from './product-api.js';

/** Where the screenshots of the heart button go, to be looked at (git-ignored test output). */
const SHOTS = new URL('../../test-results/hearts/', import.meta.url);

describe('hearts in the browser', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function guest(code: string, width: number, height = 800): Promise<Page> {
    const context = await e2e!.browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}/gallery/${code}`);
    await page.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
    return page;
  }

  it("a guest's heart reaches a second guest's screen live; the button says its count and state", async () => {
    const { code } = await createGalleryAt(e2e!.product.url);
    const [first] = await uploadGuestPhotos(e2e!.product.url, code, 3, { size: [400, 300] });
    const anna = await guest(code, 360);
    const ben = await guest(code, 1280);
    const heartOf = (page: Page) =>
      page.locator(`[data-testid="heart-button"][data-heart-photo-id="${first}"]`).first();

    await heartOf(anna).waitFor();
    await expect(heartOf(anna).getAttribute('aria-pressed')).resolves.toBe('false');
    await expect(heartOf(anna).getByTestId('heart-label').textContent()).resolves.toBe(
      'Love this photo (0 hearts)',
    );

    // Keyboard: focus and Enter, as a screen reader user would.
    await heartOf(anna).focus();
    await anna.keyboard.press('Enter');
    await until(
      'the pressed heart',
      async () => (await heartOf(anna).getAttribute('aria-pressed')) === 'true',
    );
    await expect(heartOf(anna).getByTestId('heart-label').textContent()).resolves.toBe(
      'You love this photo (1 heart). Take back your heart',
    );

    // Ben never reloads: the count arrives in the gallery's batch of heart counts.
    await until('the count on the second screen', async () =>
      (await heartOf(ben).locator('[data-testid="heart-count"]').textContent()) === '1' ? true : null,
    );
    await expect(heartOf(ben).getAttribute('aria-pressed')).resolves.toBe('false');

    // "Most loved" puts the hearted photo first.
    await ben.getByTestId('order-mostLoved').click();
    await until(
      'the most loved first',
      async () => (await ben.locator('img[data-photo-id]').first().getAttribute('data-photo-id')) === first,
    );

    await mkdir(SHOTS, { recursive: true });
    await anna.screenshot({ path: new URL('gallery-360.png', SHOTS).pathname });
    await ben.screenshot({ path: new URL('gallery-1280.png', SHOTS).pathname });
    expect(await seriousViolations(anna)).toEqual([]);
    expect(await seriousViolations(ben)).toEqual([]);

    // Taking the heart back brings Ben's count down again.
    await heartOf(anna).click();
    await until('the count back to 0', async () =>
      (await heartOf(ben).locator('[data-testid="heart-count"]').textContent()) === '0' ? true : null,
    );
  });

  it('puts a tile in the page only near the screen; the grid keeps its height, focused its ring shows', async () => {
    const { code } = await createGalleryAt(e2e!.product.url);
    // A first page of tiles (30) on a short phone screen: one uploaded, the others its copies.
    await uploadGuestPhotos(e2e!.product.url, code, 1);
    await seedPhotos(e2e!, code, 29);
    const page = await guest(code, 360, 500);
    const tiles = page.locator('.photo-grid > li');
    await page.locator('img[data-photo-id]').first().waitFor();
    const grid = (await page.locator('.photo-grid').boundingBox())!;
    const first = (await tiles.first().boundingBox())!;
    // Only the rows near the screen are in the page; the grid is as tall as all 30 tiles, so it does not jump.
    expect(await tiles.count()).toBeLessThan(30);
    expect(grid.height).toBeGreaterThan(9 * first.height);
    expect(Math.abs(first.width - first.height)).toBeLessThan(0.5);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const last = page.locator('[aria-posinset="30"]');
    await until('the last tile in the page', async () => ((await last.count()) > 0 ? true : null));
    const lastBox = (await last.boundingBox())!;
    // A square the size of every other tile.
    expect([Math.round(lastBox.width), Math.round(lastBox.height)]).toEqual([
      Math.round(first.width),
      Math.round(first.height),
    ]);
    await page.evaluate(() => window.scrollTo(0, 0));

    // A tile in the middle column, reached by the keyboard: its ring (3 px of page, then 2 of gold, outside
    // the tile) is not cut off by the tile's bounds, nor covered by its neighbours.
    await page.keyboard.press('Tab');
    const tile = page.locator('[aria-posinset="14"] .photo-tile');
    await tile.focus();
    const box = (await tile.boundingBox())!;
    const shot = await page.screenshot({
      clip: { x: box.x - 5, y: box.y - 5, width: box.width + 10, height: box.height + 10 },
    });
    await mkdir(SHOTS, { recursive: true });
    await sharp(shot).resize({ width: 480 }).toFile(new URL('focused-tile-360.png', SHOTS).pathname);
    const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
    const colourAt = (x: number, y: number) => {
      const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
      return [data[at], data[at + 1], data[at + 2]];
    };
    const gold = [0x8a, 0x6a, 0x2f];
    const isGold = ([r, g, b]: number[]) =>
      Math.abs(r - gold[0]) + Math.abs(g - gold[1]) + Math.abs(b - gold[2]) < 60;
    // The outermost pixels at each side's middle, 4-5 px outside the tile: over the gap and the neighbouring
    // tiles. Two of them, since a tile at a fractional position shares its ring's outer pixel with the page.
    const middle = { x: info.width / 2, y: info.height / 2 };
    const goldAt = (points: [number, number][]) => points.some(([x, y]) => isGold(colourAt(x, y)));
    expect({
      top: goldAt([
        [middle.x, 0],
        [middle.x, 1],
      ]),
      right: goldAt([
        [info.width - 1, middle.y],
        [info.width - 2, middle.y],
      ]),
      bottom: goldAt([
        [middle.x, info.height - 1],
        [middle.x, info.height - 2],
      ]),
      left: goldAt([
        [0, middle.y],
        [1, middle.y],
      ]),
    }).toEqual({ top: true, right: true, bottom: true, left: true });
  });

  it("a guest's guestbook message reaches a second guest and the wall live, markup shown as text", async () => {
    const url = e2e!.product.url;
    const { code, ownerToken } = await createGalleryAt(url);
    await uploadGuestPhotos(url, code, 2, { size: [800, 600] });
    const anna = await guest(code, 360);
    const ben = await guest(code, 1280);
    const { createWallLink } = await graphqlAt<{ createWallLink: { url: string } }>(
      url,
      'mutation ($code: String!) { createWallLink(eventCode: $code) { url } }',
      { code },
      ownerToken,
    );
    const wallContext = await e2e!.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const wall = await wallContext.newPage();
    await wall.goto(createWallLink.url.replace(/^https?:\/\/[^/]+/, url));
    await wall.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();

    await anna.getByLabel('Your name (optional)').fill('Anna');
    await anna.getByRole('button', { name: 'Save' }).click();
    // A refusal first, in the guest's language: too many characters.
    await anna.getByLabel('Leave a message for the couple').fill('x'.repeat(501));
    await anna.getByRole('button', { name: 'Send message' }).click();
    await anna.getByText('Please keep your message to 500 characters.').waitFor();

    const wish = 'Congratulations <b>Sarah</b> & Mike!\nSee you on the dance floor';
    await anna.getByLabel('Leave a message for the couple').fill(wish);
    await anna.getByRole('button', { name: 'Send message' }).click();

    // Ben and the wall never reload: the message arrives through the subscription.
    const seen = ben.getByTestId('guestbook-message').first();
    await seen.waitFor({ timeout: 30_000 });
    await expect(seen.locator('.guestbook-text').textContent()).resolves.toBe(wish);
    await expect(seen.locator('b').count()).resolves.toBe(0);
    await expect(seen.getByText('by Anna').count()).resolves.toBe(1);
    await wall
      .getByTestId('wall-guestbook')
      .getByText('See you on the dance floor', { exact: false })
      .waitFor();

    await mkdir(SHOTS, { recursive: true });
    await anna.getByTestId('guestbook').scrollIntoViewIfNeeded();
    await anna.screenshot({ path: new URL('guestbook-360.png', SHOTS).pathname, fullPage: true });
    await ben.screenshot({ path: new URL('guestbook-1280.png', SHOTS).pathname, fullPage: true });
    await wall.screenshot({ path: new URL('wall-1280.png', SHOTS).pathname });
    await wall.setViewportSize({ width: 360, height: 640 });
    await wall.screenshot({ path: new URL('wall-360.png', SHOTS).pathname });
    // On a phone the band sits clear of the controls and the caption along the bottom, and the controls stay on
    // screen in the language with the longest labels.
    expect(await wallOverlaps(wall)).toEqual([]);
    await wall.goto(createWallLink.url.replace(/^https?:\/\/[^/]+/, url).replace('/wall/', '/es/wall/'));
    await wall.getByTestId('wall-guestbook').waitFor();
    await wall.getByRole('button', { name: 'Pantalla completa' }).waitFor();
    expect(await wallOverlaps(wall)).toEqual([]);
    expect(await seriousViolations(anna)).toEqual([]);
    expect(await seriousViolations(ben)).toEqual([]);
  });

  it('shows the newest page of the guestbook and older messages on request', async () => {
    const url = e2e!.product.url;
    const { code } = await createGalleryAt(url);
    // More messages than one page holds, each guest identity within its own message limit.
    const total = GUESTBOOK_LIMITS.pageSize + 5;
    const perGuest = GUEST_RATE_LIMITS.guestbookMessages.perGuest.points;
    for (let sent = 0; sent < total;) {
      const { issueGuestIdentity } = await graphqlAt<{ issueGuestIdentity: { token: string } }>(
        url,
        'mutation { issueGuestIdentity { token } }',
      );
      for (let mine = 0; mine < perGuest && sent < total; mine++, sent++) {
        const response = await fetch(`${url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-guest-identity': issueGuestIdentity.token },
          body: JSON.stringify({
            query:
              'mutation ($code: String!, $text: String!) { leaveGuestbookMessage(eventCode: $code, text: $text) { id } }',
            variables: { code, text: `Wish number ${sent + 1}` },
          }),
        });
        expect(await response.json()).toEqual({
          data: { leaveGuestbookMessage: { id: expect.any(String) } },
        });
      }
    }

    const page = await guest(code, 360);
    const messages = page.getByTestId('guestbook-message');
    await until('the newest page', async () =>
      (await messages.count()) === GUESTBOOK_LIMITS.pageSize ? true : null,
    );
    await expect(messages.first().locator('.guestbook-text').textContent()).resolves.toBe(
      `Wish number ${total}`,
    );
    const older = page.getByRole('button', { name: 'Show older messages' });
    await older.scrollIntoViewIfNeeded();
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: new URL('guestbook-older-360.png', SHOTS).pathname });
    await older.click();
    await until('every message', async () => ((await messages.count()) === total ? true : null));
    await expect(messages.last().locator('.guestbook-text').textContent()).resolves.toBe('Wish number 1');
    // The last page was not full: nothing older is left to offer.
    await expect(page.getByRole('button', { name: 'Show older messages' }).count()).resolves.toBe(0);
  });
});

/** What on the wall covers what, or leaves the screen: the guestbook band, the controls, the caption. */
async function wallOverlaps(wall: Page): Promise<string[]> {
  return wall.evaluate(() => {
    const boxOf = (selector: string) => document.querySelector(selector)?.getBoundingClientRect() ?? null;
    const band = boxOf('[data-testid="wall-guestbook"]');
    const parts = { controls: boxOf('.wall-controls'), caption: boxOf('.wall-caption') };
    const found: string[] = [];
    for (const [name, box] of Object.entries(parts)) {
      if (!box || !band) continue;
      const apart =
        box.right <= band.left || band.right <= box.left || box.bottom <= band.top || band.bottom <= box.top;
      if (!apart) found.push(`the band covers the ${name}`);
    }
    for (const button of document.querySelectorAll('.wall-controls button')) {
      const box = button.getBoundingClientRect();
      if (box.left < 0 || box.right > window.innerWidth)
        found.push(`${button.textContent} leaves the screen`);
    }
    return found;
  });
}
