import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  closeContexts,
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  seedPhotos,
  startBrowserTest,
  until,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, upgradeToPremiumAt, uploadGuestPhotos } from './product-api.js';

// A wedding of 300 guests makes 10,000 photos: a phone scrolls through all of them with the page holding only the
// tiles near its screen, keeps its place when photos arrive live above it, keeps a focused tile, and its viewer
// goes on past the photos loaded so far. Two thousand photos here (twenty pages read in turn) already hold ten
// thousand elements in a grid that keeps every tile; bench/phone-gallery.mjs scrolls through the ten thousand.
// The gallery is three real photos and the rest rows copied from them straight into media's database (their
// stored thumbnails and previews shared).

const PHOTOS = 2_000;
const UPLOADED = 3;
/** Tiles in the page at any time: the rows on a phone's screen and a few each way, far under the photos loaded. */
const MOST_TILES = 300;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** Twenty pages of photos, each read and drawn in turn: on a busy 2-core machine, a minute or more. */
const SCROLL_TIMEOUT_MS = 300_000;

describe('a gallery of thousands of photos on a phone', () => {
  let e2e: BrowserTest | undefined;
  let url: string;
  let code: string;
  /** The couple's session, for their event page. */
  let sessionToken: string;
  /** The seeded photos' ids, newest first: the last one is the gallery's oldest photo. */
  let seeded: string[];

  beforeAll(async () => {
    e2e = await startBrowserTest();
    url = e2e.product.url;
    const gallery = await createGalleryAt(url);
    code = gallery.code;
    sessionToken = gallery.sessionToken;
    // No photo limit: photos still arrive after the seeded ones.
    await upgradeToPremiumAt(url, code, gallery.ownerToken);
    await uploadGuestPhotos(url, code, UPLOADED, { size: [320, 240] });
    seeded = await seedPhotos(e2e, code, PHOTOS - UPLOADED);
  }, START_TIMEOUT_MS);

  afterEach(() => closeContexts(e2e), STOP_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function openOnPhone(): Promise<Page> {
    const page = await (await e2e!.browser.newContext(PHONE)).newPage();
    await page.goto(`${url}/gallery/${code}`);
    await page.locator('.photo-grid img').first().waitFor();
    return page;
  }

  const tilesInPage = (page: Page) => page.locator('.photo-grid > li').count();

  /**
   * The tiles in the page sit on the grid: each row a tile's height and the grid's gap below the one before, from
   * the first row in the page to the last (far down the grid too), and a row's tiles side by side in its columns.
   */
  async function expectTilesOnGrid(page: Page): Promise<void> {
    const { gap, columns, boxes } = await page.evaluate(() => {
      const grid = document.querySelector('.photo-grid')!;
      const style = getComputedStyle(grid);
      return {
        gap: parseFloat(style.rowGap),
        columns: style.gridTemplateColumns.split(' ').length,
        boxes: [...grid.querySelectorAll(':scope > li')].map((tile) => {
          const box = tile.getBoundingClientRect();
          return {
            x: box.x,
            y: box.y,
            size: box.height,
            index: Number(tile.getAttribute('aria-posinset')) - 1,
          };
        }),
      };
    });
    expect(boxes.length).toBeGreaterThan(columns);
    const first = boxes[0];
    const last = boxes[boxes.length - 1];
    const rowOf = (box: (typeof boxes)[number]) =>
      Math.floor(box.index / columns) - Math.floor(first.index / columns);
    // The rows' step as laid out (the browser rounds a tile's height to its layout units, 1/64 px, so a step
    // computed from one tile's height drifts by a few pixels over hundreds of rows): a tile's height and the gap.
    const step = (last.y - first.y) / rowOf(last);
    expect(Math.abs(step - (first.size + gap))).toBeLessThan(0.05);
    const left = first.x - (first.index % columns) * step;
    for (const box of boxes) {
      expect(Math.abs(box.y - (first.y + rowOf(box) * step))).toBeLessThan(1);
      expect(Math.abs(box.x - (left + (box.index % columns) * step))).toBeLessThan(1);
    }
  }

  const elementsInPage = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);

  /** Scrolls to two screens below the grid's top: the second page's photos (31 to 130). */
  const scrollToSecondPage = (page: Page) =>
    page.evaluate(() => {
      const grid = document.querySelector<HTMLElement>('.photo-grid')!;
      window.scrollTo(0, grid.getBoundingClientRect().top + window.scrollY + 2 * window.innerHeight);
    });

  /**
   * Waits for the second page's tiles in the page (31 to 130) to be there each with its thumbnail (none released);
   * a timeout says what each one was: i a thumbnail, r released, u unavailable.
   */
  async function secondPageDrawn(page: Page, what: string): Promise<void> {
    let seen: string[] = [];
    const drawn = async () => {
      seen = await page.evaluate(() =>
        [...document.querySelectorAll('.photo-grid > li')]
          .filter((tile) => {
            const place = Number(tile.getAttribute('aria-posinset'));
            return place > 30 && place <= 130;
          })
          .map((tile) => {
            const state = tile.querySelector('img')
              ? 'i'
              : tile.querySelector('.released-tile')
                ? 'r'
                : tile.querySelector('.photo-unavailable')
                  ? 'u'
                  : '?';
            return `${tile.getAttribute('aria-posinset')}${state}`;
          }),
      );
      return seen.length > 0 && seen.every((tile) => tile.endsWith('i'));
    };
    await until(what, drawn, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}; the tiles there: ${seen.join(' ') || 'none'}`);
    });
  }

  /** Scrolls to the end of what is loaded, then waits for the next page to make the grid longer; false at the end. */
  async function scrollOnePage(page: Page): Promise<boolean> {
    const height = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return document.documentElement.scrollHeight;
    });
    if ((await page.locator('.load-more').count()) === 0) return false;
    await page.waitForFunction(
      (before) => document.documentElement.scrollHeight > before || !document.querySelector('.load-more'),
      height,
    );
    return true;
  }

  it(
    'holds a bounded number of tiles from the first photo to the last, which it reaches and opens',
    async () => {
      const page = await openOnPhone();
      /** The cursor each read of older photos asked after: a page read twice was let go of and read again. */
      const readsAfter: string[] = [];
      page.on('request', (request) => {
        const body = request.postData();
        if (body?.includes('GalleryMorePhotos')) readsAfter.push(JSON.parse(body).variables.after);
      });
      // The service worker keeps the thumbnails seen (for a gallery opened offline): every one goes through it.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await expect(page.getByTestId('photo-count').textContent()).resolves.toBe(`${PHOTOS} photos`);
      const tilesAtStart = await tilesInPage(page);
      const elementsAtStart = await elementsInPage(page);
      expect(tilesAtStart).toBeGreaterThan(0);
      await expectTilesOnGrid(page);

      let mostTiles = tilesAtStart;
      let tilesInTheMiddle = 0;
      while (await scrollOnePage(page)) {
        const tiles = await tilesInPage(page);
        mostTiles = Math.max(mostTiles, tiles);
        const loaded = await page.evaluate(() =>
          document.querySelector('.photo-grid > li:last-child')?.getAttribute('aria-posinset'),
        );
        if (!tilesInTheMiddle && Number(loaded) >= PHOTOS / 2) tilesInTheMiddle = tiles;
      }
      const oldest = seeded[seeded.length - 1];
      const lastTile = page.locator(`.photo-grid > li:has(img[data-photo-id="${oldest}"])`);
      // The grid's end on screen: what follows the grid on the page may be taller than the rows drawn ahead.
      await page.evaluate(() => {
        const grid = document.querySelector('.photo-grid')!.getBoundingClientRect();
        window.scrollTo(0, window.scrollY + grid.bottom - window.innerHeight);
      });
      await lastTile.waitFor();
      await expect(lastTile.getAttribute('aria-posinset')).resolves.toBe(String(PHOTOS));
      await expect(lastTile.getAttribute('aria-setsize')).resolves.toBe(String(PHOTOS));
      const tilesAtEnd = await tilesInPage(page);
      await expectTilesOnGrid(page);
      // The thumbnails on screen at the end are drawn soon: those of the hundreds of tiles scrolled past were
      // cancelled as their tiles left, rather than downloaded first (minutes, once thousands had been passed).
      await until(
        "the last tile's thumbnail drawn",
        () =>
          lastTile
            .locator('img')
            .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
        30_000,
      );

      expect(tilesInTheMiddle).toBeGreaterThan(0);
      expect(mostTiles).toBeLessThan(MOST_TILES);
      expect(tilesAtEnd).toBeLessThan(MOST_TILES);
      // The page's elements stay flat: thousands of photos loaded, the page about as large as with thirty.
      expect(await elementsInPage(page)).toBeLessThan(elementsAtStart * 2);

      await lastTile.getByRole('button').first().click();
      const viewer = page.getByRole('dialog');
      // Its preview may take a while behind the thumbnails on a busy machine: the photo is the viewer's either way.
      await viewer.locator(`img[data-photo-id="${oldest}"]`).waitFor({ state: 'attached' });
      await expect(viewer.getByRole('heading').textContent()).resolves.toBe(`Photo ${PHOTOS} of ${PHOTOS}`);
      await expect(viewer.getByRole('button', { name: 'Next photo' }).isDisabled()).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });

      // Back up to the second page's photos: let go of on the way down (only the pages near the screen are held),
      // they are read again and drawn whole.
      const readOnTheWayDown = readsAfter.length;
      await scrollToSecondPage(page);
      await secondPageDrawn(page, 'the tiles there drawn whole again');
      const readAgain = readsAfter.slice(readOnTheWayDown);
      expect(readAgain.some((after) => readsAfter.slice(0, readOnTheWayDown).includes(after))).toBe(true);
    },
    SCROLL_TIMEOUT_MS,
  );

  it("opens without the schema library: the gallery's code is a phone's first task", async () => {
    const page = await (await e2e!.browser.newContext(PHONE)).newPage();
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    await page.goto(`${url}/gallery/${code}`);
    await page.locator('.photo-grid img').first().waitFor();
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(0);
    // zod's error class, in any build of it: the order form's schemas need it, the gallery does not.
    expect(loaded.filter((script) => script.includes('ZodError'))).toHaveLength(0);
  });

  it('reads an older page again on its own when a read of it is lost, the guest scrolling on', async () => {
    const page = await (await e2e!.browser.newContext(PHONE)).newPage();
    let lost = 0;
    await page.route('**/graphql', async (route) => {
      if (lost === 0 && route.request().postData()?.includes('GalleryMorePhotos')) {
        lost += 1;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await page.goto(`${url}/gallery/${code}`);
    await page.locator('.photo-grid img').first().waitFor();
    const lastLoaded = () =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return Number(document.querySelector('.photo-grid > li:last-child')?.getAttribute('aria-posinset'));
      });

    // No click on "Load more": the guest stays at the bottom, and the page lost once arrives after its wait.
    await until('a tile of the second page', async () => (await lastLoaded()) > 30, 30_000);
    expect(lost).toBe(1);
  }, 120_000);

  it('draws a thumbnail whose first download was lost, rather than calling the photo unavailable', async () => {
    // Without the service worker, which would fetch the thumbnail itself: the page's own download is lost.
    const page = await (await e2e!.browser.newContext({ ...PHONE, serviceWorkers: 'block' })).newPage();
    let lostPhoto: string | undefined;
    await page.route('**/media/photos/*/thumbnail', async (route) => {
      if (lostPhoto === undefined) {
        lostPhoto = new URL(route.request().url()).pathname.split('/')[3];
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await page.goto(`${url}/gallery/${code}`);
    await until('a thumbnail download lost', async () => lostPhoto !== undefined, 30_000);
    await until(
      'its thumbnail drawn',
      () =>
        page
          .locator(`.photo-grid img[data-photo-id="${lostPhoto}"]`)
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)
          .catch(() => false),
      30_000,
    );
    await expect(page.locator('.photo-unavailable').count()).resolves.toBe(0);
  });

  it('reads released photos again on its own when a read of them is lost, the guest staying put', async () => {
    const page = await (await e2e!.browser.newContext(PHONE)).newPage();
    // Each page's reads again (a cursor asked after before) are lost for two seconds from the first, as a venue's
    // Wi-Fi loses requests: longer than the grid takes to settle after a jump, so only a read tried again later
    // brings the photos.
    const readAfter = new Set<string>();
    const lostAfter = new Map<string, number>();
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData();
      if (!body?.includes('GalleryMorePhotos')) return route.continue();
      const after: string = JSON.parse(body).variables.after;
      if (readAfter.has(after) && Date.now() < (lostAfter.get(after) ?? Date.now() + 2000)) {
        if (!lostAfter.has(after)) lostAfter.set(after, Date.now() + 2000);
        return route.abort('connectionreset');
      }
      readAfter.add(after);
      return route.continue();
    });
    await page.goto(`${url}/gallery/${code}`);
    await page.locator('.photo-grid img').first().waitFor();
    // Six older pages down: the second page's photos are let go of (only the pages near the screen are held).
    for (let pages = 0; pages < 6; pages++) await scrollOnePage(page);
    await scrollToSecondPage(page);
    await until('a read again lost', async () => lostAfter.size > 0, 30_000);
    // No scroll after it: the tiles there are drawn whole once the lost read is tried again.
    await secondPageDrawn(page, 'the tiles there drawn whole');
  }, 180_000);

  it('goes on loading older photos while the end of the grid stays in view after a read brought nothing new', async () => {
    const page = await (await e2e!.browser.newContext(PHONE)).newPage();
    // The second read of an older page is answered with the first one's photos, as a read asked with the cursor
    // of a render before the last page came back is: the list does not grow, and the end of the grid stays put.
    let reads = 0;
    let firstPage: string | undefined;
    await page.route('**/graphql', async (route) => {
      if (!route.request().postData()?.includes('GalleryMorePhotos')) return route.continue();
      reads += 1;
      if (reads === 2 && firstPage)
        return route.fulfill({ contentType: 'application/json', body: firstPage });
      const response = await route.fetch();
      const body = await response.text();
      if (reads === 1) firstPage = body;
      return route.fulfill({ response, body });
    });
    await page.goto(`${url}/gallery/${code}`);
    await page.locator('.photo-grid img').first().waitFor();
    // The guest goes to the end of what is loaded and stays there: no further scroll, nothing comes into view.
    const lastLoaded = () =>
      page.evaluate(() =>
        Number(document.querySelector('.photo-grid > li:last-child')?.getAttribute('aria-posinset')),
      );
    const toTheEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await toTheEnd();
    await until('a tile of the second page', async () => (await lastLoaded()) > 30);
    await toTheEnd();
    await until('the first page read again', async () => reads >= 2);
    await until('a tile of the third page', async () => (await lastLoaded()) > 130);
    // The grid goes on asking while its end stays in view: those reads are left to end on their own.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }, 120_000);

  it('keeps a guest who scrolled down on the photos they look at while new ones arrive above', async () => {
    const page = await openOnPhone();
    for (let pages = 0; pages < 3; pages++) await scrollOnePage(page);
    await page.evaluate(() => window.scrollBy(0, -window.innerHeight));
    // A tile of the first column in the middle of the screen; a whole row of new photos moves it a row down.
    const watched = async () =>
      page.evaluate(() => {
        const left = document.querySelector('.photo-grid')!.getBoundingClientRect().left;
        const tile = document.elementFromPoint(left + 10, window.innerHeight / 2)?.closest('li');
        return {
          id: tile?.querySelector('img')?.getAttribute('data-photo-id') ?? null,
          top: tile?.getBoundingClientRect().top ?? NaN,
        };
      });
    // The grid draws the tiles the scroll brought into view on its next frames: wait for the one to watch.
    const before = await until('a tile in the middle of the screen', async () => {
      const tile = await watched();
      return tile.id === null ? null : tile;
    });
    expect(before.id).not.toBeNull();
    const columns = await page.evaluate(
      () => getComputedStyle(document.querySelector('.photo-grid')!).gridTemplateColumns.split(' ').length,
    );

    await uploadGuestPhotos(url, code, columns, { size: [320, 240] });
    await until('the new photos counted', async () => {
      const count = await page.getByTestId('photo-count').textContent();
      return count === `${PHOTOS + columns} photos`;
    });

    const after = await page.evaluate(
      (id) =>
        document
          .querySelector(`.photo-grid img[data-photo-id="${id}"]`)
          ?.closest('li')
          ?.getBoundingClientRect().top ?? NaN,
      before.id,
    );
    expect(after).toBeCloseTo(before.top, 0);
  }, 120_000);

  it('keeps a focused tile in the page when the guest scrolls far from it, and Tab goes on past the screen', async () => {
    const page = await openOnPhone();
    const first = page.locator('.photo-grid > li[aria-posinset="1"] .photo-tile');
    await first.focus();
    for (let pages = 0; pages < 2; pages++) await scrollOnePage(page);
    const focused = () =>
      page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('aria-posinset') ?? null);
    await expect(focused()).resolves.toBe('1');

    // Tab after Tab (a tile, then its heart) the focus walks down past the rows first drawn.
    await page.evaluate(() => window.scrollTo(0, 0));
    await first.focus();
    const rowsDrawn = await page.locator('.photo-grid > li').count();
    for (let tile = 1; tile <= rowsDrawn + 6; tile++) {
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
    }
    await expect(focused()).resolves.toBe(String(rowsDrawn + 7));
  }, 120_000);

  it('swipes on in the viewer past the photos loaded so far', async () => {
    const page = await openOnPhone();
    await page.locator('.photo-grid > li[aria-posinset="1"] .photo-tile').click();
    const viewer = page.getByRole('dialog');
    const title = viewer.getByRole('heading');
    const next = viewer.getByRole('button', { name: 'Next photo' });
    // The first page holds 30 photos and the next 100: the viewer goes on past the end of both, and on far from
    // the grid's place (photos more than three pages from the screen are released, those near the viewer kept).
    for (let shown = 1; shown < 450; shown++) {
      await until(`photo ${shown} shown`, async () =>
        (await title.textContent())?.startsWith(`Photo ${shown} of`),
      );
      await until(`a photo after photo ${shown}`, async () => !(await next.isDisabled()));
      await page.keyboard.press('ArrowRight');
    }
    await until('photo 450 shown', async () => (await title.textContent())?.startsWith('Photo 450 of'));
    // Drawn whole, not left waiting: the grid under the viewer (at the top) releases nothing the viewer shows.
    await viewer.locator('img[data-photo-id]').waitFor({ state: 'attached', timeout: 30_000 });
    await expect(viewer.getByRole('status').count()).resolves.toBe(0);
  }, 240_000);

  it(
    "holds a bounded number of tiles on the couple's event page, read as they scroll, each with its actions",
    async () => {
      const context = await e2e!.browser.newContext({
        viewport: { width: 360, height: 780 },
        isMobile: true,
      });
      await context.addInitScript((token) => {
        localStorage.setItem('authToken', token);
        localStorage.setItem('app-language', 'en');
      }, sessionToken);
      const page = await context.newPage();
      await page.goto(`${url}/event/${code}`);
      const photos = page.locator('#photos');
      await photos.locator('img[data-photo-id]').first().waitFor({ timeout: 45_000 });
      const tiles = photos.locator('li:has(img[data-photo-id])');
      const grid = photos.locator('ul');
      /** Scrolls to the end of the photos read so far; waits for the next page to come with no click. */
      async function scrollOnePage(): Promise<boolean> {
        const height = await grid.evaluate((list) => {
          const box = list.getBoundingClientRect();
          window.scrollTo(0, window.scrollY + box.bottom - window.innerHeight / 2);
          return box.height;
        });
        if ((await photos.locator('.load-more').count()) === 0) return false;
        await page.waitForFunction(
          (before) => {
            const section = document.getElementById('photos')!;
            const list = section.querySelector('ul')!;
            return list.getBoundingClientRect().height > before || !section.querySelector('.load-more');
          },
          height,
          { timeout: 30_000 },
        );
        return true;
      }
      let mostTiles = await tiles.count();
      while (await scrollOnePage()) mostTiles = Math.max(mostTiles, await tiles.count());
      const oldest = seeded[seeded.length - 1];
      const lastTile = photos.locator(`li:has(img[data-photo-id="${oldest}"])`);
      await grid.evaluate((list) => {
        window.scrollTo(0, window.scrollY + list.getBoundingClientRect().bottom - window.innerHeight);
      });
      await lastTile.waitFor();
      // The oldest photo is the last of the whole gallery's, every page read (photos joined since: more).
      const place = await lastTile.getAttribute('aria-posinset');
      await expect(lastTile.getAttribute('aria-setsize')).resolves.toBe(place);
      expect(Number(place)).toBeGreaterThanOrEqual(PHOTOS);
      mostTiles = Math.max(mostTiles, await tiles.count());
      expect(mostTiles).toBeLessThan(MOST_TILES);

      // The keyboard goes from a photo's buttons to the one before's (no tab stop on a thumbnail: no viewer here).
      await lastTile.getByRole('button', { name: /^Use as cover: Photo/ }).focus();
      await page.keyboard.press('Shift+Tab');
      const focused = await page.evaluate(() => ({
        name: document.activeElement?.getAttribute('aria-label'),
        place: document.activeElement?.closest('li')?.getAttribute('aria-posinset'),
      }));
      expect(focused.name).toMatch(/^Remove photo: Photo/);
      expect(Number(focused.place)).toBe(Number(place) - 1);

      // The last photo's own actions: its sender, Remove with its Undo, and Use as cover.
      await expect(lastTile.locator('.owner-photo-by').textContent()).resolves.toMatch(/^by /);
      await lastTile.getByRole('button', { name: /^Remove photo: Photo/ }).click();
      await lastTile.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Undo' }).click();
      await lastTile.waitFor();
      await lastTile.getByRole('button', { name: /^Use as cover: Photo/ }).click();
      await lastTile.locator('.owner-photo-cover').waitFor();
      await expect(lastTile.getByRole('button', { name: /^Use as cover/ }).count()).resolves.toBe(0);
      await context.close();
    },
    SCROLL_TIMEOUT_MS,
  );
});
