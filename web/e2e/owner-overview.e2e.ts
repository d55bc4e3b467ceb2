import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, until, type BrowserTest } from './browser.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from './product-api.js';

// The couple's own pages at a glance: the dashboard puts their galleries first (bundles one line below), and
// the analytics name their days, count in even steps and list who shared most and the photos loved most.

/**
 * The names in the analytics charts' legends of gallery `code`, in their order; a name not written in the page's
 * text colour is given with the colour it has.
 */
function legend(page: Page, code: string): Promise<string[]> {
  return page
    .locator(`.gallery-analytics[data-code="${code}"] .recharts-legend-item-text`)
    .evaluateAll((names) => {
      const text = getComputedStyle(document.body).color;
      return names.map((name) => {
        const written = name.lastElementChild ?? name;
        const color = getComputedStyle(written).color;
        return color === text ? name.textContent! : `${name.textContent} in ${color}`;
      });
    });
}

describe("the couple's dashboard and analytics", () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function signedIn(token: string, width: number, language?: string): Promise<BrowserContext> {
    const context = await e2e!.browser.newContext({
      viewport: { width, height: 800 },
      ...(width < 500 && { isMobile: true, hasTouch: true }),
    });
    await context.addInitScript(
      ([session, chosen]) => {
        localStorage.setItem('authToken', session!);
        if (chosen) localStorage.setItem('app-language', chosen);
      },
      [token, language],
    );
    return context;
  }

  it('shows a phone their gallery first and the bundles as one line and a link', async () => {
    const { code, sessionToken } = await createGalleryAt(e2e!.product.url, { coupleNames: 'Lea & Hugo' });
    const couple = await signedIn(sessionToken, 360);
    const page = await couple.newPage();
    await page.goto(`${e2e!.product.url}/dashboard`);
    const gallery = page.locator(`.owner-gallery[data-code="${code}"]`);
    const teaser = page.getByTestId('bundle-teaser');
    await gallery.waitFor();
    await teaser.waitFor();
    await expect(teaser.textContent()).resolves.toBe(
      'Several weddings ahead, or planning them for others? Event bundles: 3, 5 or 10 galleries for less. See event bundles',
    );
    expect(await page.locator('.bundle-card').count()).toBe(0);
    const galleryBox = (await gallery.boundingBox())!;
    const teaserBox = (await teaser.boundingBox())!;
    expect(teaserBox.y).toBeGreaterThanOrEqual(galleryBox.y + galleryBox.height);
    // The gallery's name and its first button fit the first screen of a phone.
    expect(galleryBox.y).toBeLessThan(800);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('link', { name: 'See event bundles' }).click();
    await page.waitForURL(/\/pricing#bundles$/);
    await page.getByRole('heading', { name: 'Event bundles' }).waitFor();
    await until('the bundles in view', async () => {
      const box = await page.locator('#bundles').boundingBox();
      return box !== null && box.y >= -1 && box.y < 800;
    });
    await couple.close();
  }, 120_000);

  it.each(['en', 'fr', 'es'])(
    "writes each of a gallery card's buttons on one line on a phone and a desktop (%s)",
    async (language) => {
      const { code, sessionToken } = await createGalleryAt(e2e!.product.url, { coupleNames: 'Lea & Hugo' });
      for (const width of [360, 1280]) {
        const couple = await signedIn(sessionToken, width, language);
        const page = await couple.newPage();
        await page.goto(`${e2e!.product.url}/dashboard`);
        const actions = page.locator(`.owner-gallery[data-code="${code}"] .owner-gallery-actions`);
        await actions.locator('.button').nth(4).waitFor();
        await until(`the dashboard in ${language}`, () =>
          page.evaluate((lang) => document.documentElement.lang === lang, language),
        );
        // Each button's words on one line box, and every button inside the card's column.
        const buttons = await actions.evaluate((element) => {
          const column = element.getBoundingClientRect();
          return [...element.querySelectorAll('.button')].map((button) => {
            const range = document.createRange();
            range.selectNodeContents(button);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
            const box = button.getBoundingClientRect();
            return {
              text: button.textContent,
              lines,
              inside: box.left >= column.left - 0.5 && box.right <= column.right + 0.5,
            };
          });
        });
        expect(buttons).toEqual(buttons.map(({ text }) => ({ text, lines: 1, inside: true })));
        await couple.close();
      }
    },
    120_000,
  );

  it('lists who shared most and the photos loved most, days named in the page language', async () => {
    const url = e2e!.product.url;
    const { code, sessionToken } = await createGalleryAt(url, { coupleNames: 'Ana & Luis' });
    const identity = async () =>
      (
        await graphqlAt<{ issueGuestIdentity: { token: string } }>(
          url,
          'mutation { issueGuestIdentity { token } }',
        )
      ).issueGuestIdentity.token;
    const [anna, marc, nameless, lover] = await Promise.all([identity(), identity(), identity(), identity()]);
    const annas = await uploadGuestPhotos(url, code, 3, { guestName: 'Anna', guestIdentity: anna });
    const [marcs] = await uploadGuestPhotos(url, code, 1, { guestName: 'Marc', guestIdentity: marc });
    await uploadGuestPhotos(url, code, 1, { guestIdentity: nameless });
    const heart = (photoId: string, guest: string) =>
      graphqlAt(
        url,
        'mutation ($code: String!, $id: ID!) { setHeart(eventCode: $code, photoId: $id, hearted: true) { heartCount } }',
        { code, id: photoId },
        undefined,
        { 'x-guest-identity': guest },
      );
    await heart(marcs!, lover);
    await heart(marcs!, anna);
    await heart(annas[0]!, lover);

    // Events counts the uploads from media's messages: the day's five, before the page reads them.
    await until('the uploads counted', async () => {
      const { galleryAnalytics } = await graphqlAt<{ galleryAnalytics: { uploads: number }[] }>(
        url,
        'query ($code: String!) { galleryAnalytics(eventCode: $code) { uploads } }',
        { code },
        sessionToken,
      );
      return galleryAnalytics.reduce((sum, day) => sum + day.uploads, 0) === 5;
    });

    const couple = await signedIn(sessionToken, 1280);
    const page = await couple.newPage();
    await page.goto(`${url}/analytics-dashboard`);
    const section = page.locator(`.gallery-analytics[data-code="${code}"]`);
    const sharers = section.getByTestId('top-sharers');
    // A loaded machine takes its time over the first visit of the analytics page (recharts comes with it).
    await sharers.getByRole('heading', { name: 'Guests who shared most' }).waitFor({ timeout: 120_000 });
    await expect(sharers.locator('li').allTextContents()).resolves.toEqual([
      'Anna 3 photos',
      'Marc 1 photo',
      'A guest 1 photo',
    ]);
    const loved = section.getByTestId('most-loved');
    await loved.getByRole('heading', { name: 'Most loved photos' }).waitFor();
    await expect(loved.locator('li').allTextContents()).resolves.toEqual(['2 hearts', '1 heart']);
    await expect(loved.getByRole('img').first().getAttribute('alt')).resolves.toBe('Photo shared by Marc');

    // One day of uploads: its day named on the axis, its counts on the points, the counts in even steps.
    const today = new Date().toISOString().slice(0, 10);
    const dayIn = (language: string) =>
      new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
        new Date(`${today}T00:00:00Z`),
      );
    const xTicks = section.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
    await until('the day on the axis', async () => (await xTicks.allTextContents()).includes(dayIn('en')));
    // The uploads chart (the second): five uploads counted 0 to 5 by ones.
    const yTicks = await section
      .locator('.recharts-wrapper')
      .nth(1)
      .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .allTextContents();
    expect(yTicks).toEqual(['0', '1', '2', '3', '4', '5']);
    // The day's five uploads are written on their bar.
    await expect(section.locator('.recharts-label-list').allTextContents()).resolves.toContain('5');
    // The series named in the text colour (their own colours are too light to read), in the order of their keys.
    expect(await legend(page, code)).toEqual(['Guests', 'Views', 'Downloads', 'Uploads']);
    await couple.close();

    for (const [language, title] of [
      ['es', 'Los invitados que más compartieron'],
      ['fr', 'Les invités qui ont le plus partagé'],
    ] as const) {
      const other = await signedIn(sessionToken, 360, language);
      const translated = await other.newPage();
      await translated.goto(`${url}/analytics-dashboard`);
      const ofGallery = translated.locator(`.gallery-analytics[data-code="${code}"]`);
      await ofGallery.getByRole('heading', { name: title }).waitFor({ timeout: 120_000 });
      const ticks = ofGallery.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
      await until(`the day in ${language}`, async () =>
        (await ticks.allTextContents()).includes(dayIn(language)),
      );
      expect((await ofGallery.textContent())!).not.toContain(today);
      expect(await legend(translated, code)).toEqual(
        language === 'fr'
          ? ['Invités', 'Vues', 'Téléchargements', 'Envois']
          : ['Invitados', 'Visitas', 'Descargas', 'Subidas'],
      );
      expect(await translated.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await other.close();
    }
  }, 300_000);
});
