import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type BrowserContext, type Page } from 'playwright-core';
import { LANGUAGES, PAGE_PATHS, type Language } from '../src/i18n/languages.js';
import { en } from '../src/i18n/en.js';
import { fr } from '../src/i18n/fr.js';
import { es } from '../src/i18n/es.js';
import { MESSAGE_TIMEOUT_MS } from '../src/ui/useTimedMessage.js';
import {
  seriousViolations,
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  startBrowserTest,
  until,
  type BrowserTest,
} from './browser.js';
import { problemsOnPage, SCREENS, type Screen } from './fit-checks.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos, type CreatedGallery } from './product-api.js';

// Every page of the app (the couple's, the guests', the payment's) held to fit-checks.ts on a 360 px phone in
// English, French and Spanish, and on a 1280 px desktop in one of them, the languages taking turns (the public
// site's pages are, in site.e2e.ts, on the same visit as their other checks). Then what the couple's and guests' pages promise: a photo removal can be
// undone and Undo keeps the photo, Find My Event reads a code typed with a space, and a phone is not asked to
// scan a QR code to pay on a phone.

const TEXTS = { en, fr, es } as const;
/**
 * Pages checked at once: a page's visit mostly waits (for the network to rest, for the app's data), so a few
 * of them overlap well even on a busy machine.
 */
const PAGES_AT_ONCE = 3;

describe('every page of the app on a phone and a desktop, in three languages', () => {
  let e2e: BrowserTest | undefined;
  let gallery: CreatedGallery;
  let checkoutId = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    e2e = await startBrowserTest();
    gallery = await createGalleryAt(e2e.product.url, { coupleNames: 'Sarah & Mike' });
    // Photo challenges, one as long as a prompt may be, so the gallery and the event page show theirs.
    const { setChallenges } = await graphqlAt<{ setChallenges: { id: string }[] }>(
      e2e.product.url,
      `mutation ($code: String!, $challenges: [ChallengePromptInput!]!) {
        setChallenges(eventCode: $code, challenges: $challenges) { id }
      }`,
      {
        code: gallery.code,
        challenges: [
          { prompt: 'A selfie with the bride' },
          { prompt: 'A photo of the whole table raising a toast to the couple, glasses high, smiling' },
        ],
      },
      gallery.sessionToken,
    );
    await until('media to hold the challenges', async () => {
      const { event } = await graphqlAt<{ event: { challenges: unknown[] } }>(
        e2e!.product.url,
        'query ($code: String!) { event(code: $code) { challenges { id } } }',
        { code: gallery.code },
      );
      return event.challenges.length === 2;
    });
    await uploadGuestPhotos(e2e.product.url, gallery.code, 1, { challengeId: setChallenges[0].id });
    await uploadGuestPhotos(e2e.product.url, gallery.code, 2);
    const { startCheckout } = await graphqlAt<{ startCheckout: { id: string } }>(
      e2e.product.url,
      'mutation ($code: String!) { startCheckout(eventCode: $code, plan: STANDARD) { id } }',
      { code: gallery.code },
      gallery.sessionToken,
    );
    checkoutId = startCheckout.id;
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  /** A browser of `size` showing `language`, signed in as the gallery's couple. */
  async function coupleBrowser(size: Screen, language: Language): Promise<Page> {
    const context = await e2e!.browser.newContext({ ...SCREENS[size], deviceScaleFactor: 1 });
    contexts.push(context);
    await context.addInitScript(
      ([token, chosen]) => {
        localStorage.setItem('authToken', token);
        localStorage.setItem('app-language', chosen);
      },
      [gallery.sessionToken, language],
    );
    return context.newPage();
  }

  /** Opens `path` and waits for its content: no spinner left, the page in `language`. */
  async function visit(page: Page, path: string, language: Language): Promise<void> {
    await page.goto(`${e2e!.product.url}${path}`);
    await page.waitForLoadState('networkidle');
    await until(`${path} loaded in ${language}`, () =>
      page.evaluate(
        (lang) => document.documentElement.lang === lang && document.querySelector('.spinner') === null,
        language,
      ),
    );
  }

  function appPaths(language: Language): string[] {
    const code = gallery.code;
    const checkout = encodeURIComponent(checkoutId);
    return [
      '/dashboard',
      `/event/${code}`,
      '/create-event',
      '/analytics-dashboard',
      `/gallery/${code}`,
      `/live-gallery?code=${code}`,
      `/upgrade/${code}`,
      `/payment?checkout=${checkout}`,
      `/mobile-checkout?checkout=${checkout}`,
      `/demo-checkout?checkout=${checkout}`,
      `${language === 'en' ? '' : `/${language}`}/no-such-page`,
    ];
  }

  /**
   * The app's pages on `size`, held to fit-checks.ts, by PAGES_AT_ONCE browsers: each path in each of
   * `languages`, or with `turns`, each path in one of them, the languages taking turns.
   */
  async function fitProblems(size: Screen, languages: readonly Language[], turns = false): Promise<string[]> {
    const waiting = languages.flatMap((language) =>
      appPaths(language)
        .filter((_path, index) => !turns || languages[index % languages.length] === language)
        .map((path) => ({ path, language })),
    );
    const problems: string[] = [];
    // Each browser takes the next page waiting in its language until none is left.
    const browsers = Array.from(
      { length: PAGES_AT_ONCE },
      (_unused, index) => languages[index % languages.length],
    );
    await Promise.all(
      browsers.map(async (language, browser) => {
        const page = await coupleBrowser(size, language);
        const next = () => {
          const index = waiting.findIndex((visit) => visit.language === language);
          return index < 0 ? undefined : waiting.splice(index, 1)[0];
        };
        for (let item = next(); item !== undefined; item = next()) {
          const { path } = item;
          await visit(page, path, language);
          problems.push(...(await problemsOnPage(page, size)).map((problem) => `${path}: ${problem}`));
          // axe once per page, on the phone in English (the other runs add little but time).
          if (size === 'phone' && language === 'en') {
            const violations = await seriousViolations(page);
            problems.push(...violations.map((found) => `${path}: ${found.id} at ${found.nodes.join(', ')}`));
          }
        }
        if (size === 'phone' && browser === 0) {
          // The phone's menu, open, and the Find My Event popover in it.
          await visit(page, PAGE_PATHS[language].home, language);
          await page.getByRole('button', { name: TEXTS[language].nav.menu }).click();
          await page.getByRole('button', { name: TEXTS[language].findEvent.button }).click();
          problems.push(...(await problemsOnPage(page, size)).map((problem) => `menu: ${problem}`));
        }
        await page.context().close();
      }),
    );
    return problems;
  }

  for (const language of LANGUAGES) {
    it(`fits a phone in ${language}: no overflow, 44 px targets, 16 px inputs`, async () => {
      expect(await fitProblems('phone', [language])).toEqual([]);
    }, 240_000);
  }

  // A desktop has room to spare: each page once, in one language or another.
  it('fits a desktop, each page in one of the languages in turn: no overflow, 16 px inputs', async () => {
    expect(await fitProblems('desktop', LANGUAGES, true)).toEqual([]);
  }, 240_000);

  async function serverPhotoIds(): Promise<string[]> {
    const { event } = await graphqlAt<{ event: { photos: { nodes: { id: string }[] } } }>(
      e2e!.product.url,
      'query ($code: String!) { event(code: $code) { photos(first: 50) { nodes { id } } } }',
      { code: gallery.code },
    );
    return event.photos.nodes.map((photo) => photo.id);
  }

  it('offers Undo for a removal, keeps an undone photo, and removes the other when its toast ends', async () => {
    const page = await coupleBrowser('phone', 'en');
    // The page's clock runs as the real one until the test moves it to a toast's end.
    await page.clock.install();
    await visit(page, `/event/${gallery.code}`, 'en');
    const [kept, removed] = await serverPhotoIds();
    const photo = (id: string) => page.locator(`#photos li:has(img[data-photo-id="${id}"])`);
    const toast = page.getByTestId('undo-toast');

    await photo(kept).getByRole('button', { name: en.owner.removePhoto }).click();
    await photo(kept).waitFor({ state: 'detached' });
    await toast.getByText(en.couplePages.event.photoRemoved).waitFor();
    await toast.getByRole('button', { name: en.ui.undo }).click();
    await photo(kept).waitFor();
    await toast.waitFor({ state: 'detached' });

    await photo(removed).getByRole('button', { name: en.owner.removePhoto }).click();
    await photo(removed).waitFor({ state: 'detached' });
    await toast.waitFor();
    // Nothing is sent while the toast shows: the photo is still on the server, and the toast still there after.
    expect(await serverPhotoIds()).toContain(removed);
    expect(await toast.isVisible()).toBe(true);

    // The toast's time passes: it ends, and the removal is sent. The undone photo's toast would have ended before
    // this one.
    await page.clock.fastForward(MESSAGE_TIMEOUT_MS);
    await toast.waitFor({ state: 'detached' });
    await until(
      'the removal sent when its toast ended',
      async () => !(await serverPhotoIds()).includes(removed),
    );
    expect(await serverPhotoIds()).toContain(kept);
    await page.reload();
    await photo(kept).waitFor();
    expect(await photo(removed).count()).toBe(0);
  }, 120_000);

  it("keeps the event page a phone's width while its photo grid is not measured yet", async () => {
    const page = await coupleBrowser('phone', 'en');
    await visit(page, `/event/${gallery.code}`, 'en');
    await page.locator('#photos .photo-grid > li').first().waitFor();
    // The grid's first frames, before its measure: tiles placed for three columns where the page's grid has two.
    const widths = await page.evaluate(() => {
      const grid = document.querySelector<HTMLElement>('#photos .photo-grid')!;
      const tile = grid.querySelector<HTMLElement>(':scope > li')!;
      const root = document.documentElement;
      tile.style.gridColumn = '3 / 4';
      grid.setAttribute('data-unmeasured', '');
      const unmeasured = root.scrollWidth;
      grid.removeAttribute('data-unmeasured');
      const measured = root.scrollWidth;
      return { unmeasured, measured, screen: root.clientWidth };
    });
    // The tile in a third column stands beyond the screen: clipped while the grid is unmeasured.
    expect(widths.measured).toBeGreaterThan(widths.screen);
    expect(widths.unmeasured).toBe(widths.screen);
  }, 60_000);

  it('asks before deleting a gallery in a dialog that holds the focus and closes with Escape', async () => {
    const page = await coupleBrowser('desktop', 'en');
    await visit(page, `/event/${gallery.code}`, 'en');
    const remove = page.getByRole('button', { name: en.owner.event.delete });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Delete Sarah & Mike?' });
    await dialog.waitFor();
    const cancel = dialog.getByRole('button', { name: en.owner.event.cancel });
    const confirm = dialog.getByRole('button', { name: en.owner.event.deleteConfirm });
    expect(await cancel.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await cancel.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await remove.evaluate((button) => button === document.activeElement)).toBe(true);
    // Nothing was deleted.
    await visit(page, `/event/${gallery.code}`, 'en');
    await page.getByRole('heading', { name: 'Sarah & Mike', level: 1 }).waitFor();
  }, 60_000);

  it('finds the gallery from a code typed with a space in Find My Event', async () => {
    const page = await coupleBrowser('phone', 'en');
    await visit(page, '/', 'en');
    await page.getByRole('button', { name: en.nav.menu }).click();
    await page.getByRole('button', { name: en.findEvent.button }).click();
    const typed = `${gallery.code.slice(0, 4)} ${gallery.code.slice(4)}`.toLowerCase();
    await page.getByLabel(en.findEvent.label).pressSequentially(typed);
    await page.getByRole('button', { name: en.findEvent.submit }).click();
    await page.waitForURL(new RegExp(`/live-gallery\\?code=${gallery.code}$`));
    await page.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
  }, 60_000);

  it('offers paying on a phone by QR code to a computer only, not to a phone', async () => {
    const path = `/payment?checkout=${encodeURIComponent(checkoutId)}`;
    const computer = await coupleBrowser('desktop', 'en');
    await visit(computer, path, 'en');
    await computer.getByRole('heading', { name: en.billing.payment.phoneTitle }).waitFor();
    const phone = await coupleBrowser('phone', 'en');
    await visit(phone, path, 'en');
    await phone.getByRole('button', { name: en.billing.payment.payHere }).waitFor();
    expect(await phone.getByRole('heading', { name: en.billing.payment.phoneTitle }).count()).toBe(0);
  }, 60_000);
});
