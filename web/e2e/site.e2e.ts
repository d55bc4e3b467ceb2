import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { type Page } from 'playwright-core';
import {
  DEFAULT_CONTACT_EMAIL,
  DEMO_GALLERY,
  DEMO_GALLERY_CODE,
  en as shared,
  es as sharedEs,
  fr as sharedFr,
} from '@gallery/contracts';
import { caughtMail } from '@gallery/local-servers';
import { en } from '../src/i18n/en.js';
import { es } from '../src/i18n/es.js';
import { fr } from '../src/i18n/fr.js';
import { LANGUAGES, PAGE_IDS, PAGE_PATHS, type Language, type PageId } from '../src/i18n/languages.js';
import {
  closeContexts,
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  seriousViolations,
  startBrowserTest,
  until,
  type BrowserTest,
} from './browser.js';
import { problemsOnPage, SCREENS, type Screen } from './fit-checks.js';
import { graphqlAt } from './product-api.js';

// A visitor reads the public site the way npm start serves it: every page in three languages, on a 360 px phone
// and a desktop, each held to fit-checks.ts and checked by axe-core for serious or critical accessibility problems. With SCREENSHOTS=dir, the
// home page and the demo gallery it opens are saved there at 360 and 1280 px in each language.

const TEXTS = { en, fr, es } as const;
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 860 };

/** The heading a page shows first. */
function headingOf(page: PageId, language: Language): string {
  const texts = TEXTS[language];
  if (page === 'home') return texts.home.title;
  if (page === 'order') return texts.order.title;
  return texts.pages[page].title;
}

describe('the public site in the browser', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterEach(() => closeContexts(e2e), STOP_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function newPage(
    screen: {
      viewport: { width: number; height: number };
      isMobile?: boolean;
      hasTouch?: boolean;
      serviceWorkers?: 'block';
    },
    colorScheme: 'light' | 'dark' = 'light',
  ): Promise<Page> {
    const context = await e2e!.browser.newContext({ ...screen, colorScheme });
    return context.newPage();
  }

  async function visit(page: Page, path: string): Promise<void> {
    await page.goto(`${e2e!.product.url}${path}`);
    await page.locator('main h1').first().waitFor();
  }

  it.each([
    ['desktop, light theme', 'desktop', 'light'],
    ['phone, dark theme', 'phone', 'dark'],
  ] as const)(
    'shows every page in every language with its chrome, title and description, fitting, accessibly (%s)',
    async (_name, screen: Screen, colorScheme) => {
      const problems: string[] = [];
      // The languages at once, a browser each: a visit mostly waits (for the page's code, its fonts), so they
      // overlap well even on a busy machine.
      await Promise.all(
        LANGUAGES.map(async (language) => {
          const page = await newPage(SCREENS[screen], colorScheme);
          for (const pageId of PAGE_IDS) {
            const path = PAGE_PATHS[language][pageId];
            await visit(page, path);
            const texts = TEXTS[language];
            await expect(page.locator('main h1').first().textContent()).resolves.toBe(
              headingOf(pageId, language),
            );
            await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe(language);
            await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe(
              colorScheme,
            );
            await expect(page.title()).resolves.toBe(
              `${texts.pages[pageId].title} | ${texts.site.titleSuffix}`,
            );
            await expect(page.locator('meta[name="description"]').getAttribute('content')).resolves.toBe(
              texts.pages[pageId].description,
            );
            await expect(page.locator('header.site-header').count()).resolves.toBe(1);
            const footer = pageId === 'order' ? 'minimal' : 'full';
            await expect(page.locator(`footer[data-footer="${footer}"]`).count()).resolves.toBe(1);
            if (footer === 'full') {
              await expect(
                page.locator(`footer a[href="mailto:${DEFAULT_CONTACT_EMAIL}"]`).count(),
              ).resolves.toBe(1);
            } else {
              await expect(page.locator('footer a').allTextContents()).resolves.toEqual([
                texts.footer.privacy,
                texts.footer.terms,
              ]);
            }
            problems.push(...(await problemsOnPage(page, screen)).map((problem) => `${path}: ${problem}`));
            // axe once per page and theme, the languages taking turns (the dark theme one step on, so a page is
            // checked in two): its checks read the structure, which the languages share, and each run costs seconds.
            const axeTurn = PAGE_IDS.indexOf(pageId) + (colorScheme === 'dark' ? 1 : 0);
            if (LANGUAGES[axeTurn % LANGUAGES.length] !== language) continue;
            for (const violation of await seriousViolations(page)) {
              problems.push(
                `${path}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes.join(', ')}`,
              );
            }
          }
        }),
      );
      expect(problems).toEqual([]);
    },
    240_000,
  );

  it('shows the not-found page with the header for any other path, and pages without chrome bare', async () => {
    const page = await newPage({ viewport: DESKTOP });
    for (const [path, language] of [
      ['/no-such-page', 'en'],
      ['/fr/nulle-part', 'fr'],
      ['/es/ninguna/parte', 'es'],
    ] as const) {
      await visit(page, path);
      await expect(page.locator('main h1').textContent()).resolves.toBe(TEXTS[language].notFound.title);
      await expect(page.locator('header.site-header').count()).resolves.toBe(1);
      await expect(page.title()).resolves.toBe(
        `${TEXTS[language].pages.notFound.title} | ${TEXTS[language].site.titleSuffix}`,
      );
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.goto(`${e2e!.product.url}/live-gallery?code=NOPE`);
    await page.getByRole('heading', { name: shared.errors.GALLERY_NOT_FOUND }).waitFor();
    await expect(page.locator('header.site-header, footer').count()).resolves.toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('finds an event by its code from the header, upper-cased and at most 10 characters', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await visit(page, '/features');
    await page.getByRole('button', { name: en.findEvent.button }).click();
    const input = page.getByLabel(en.findEvent.label);
    const submit = page.getByRole('button', { name: en.findEvent.submit });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await input.fill('   ');
    await expect(submit.isDisabled()).resolves.toBe(true);
    await input.fill('');
    await input.pressSequentially('acdefghjkmnp');
    await expect(input.inputValue()).resolves.toBe('ACDEFGHJKM');
    await input.fill('acdefghj');
    await expect(input.inputValue()).resolves.toBe('ACDEFGHJ');
    expect(await seriousViolations(page)).toEqual([]);
    await submit.click();
    await page.waitForURL(/\/live-gallery\?code=ACDEFGHJ$/);
    await page.getByRole('heading', { name: shared.errors.GALLERY_NOT_FOUND }).waitFor();
  });

  it('switches language from the flag menu to the same page under the other prefix, and remembers it', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await visit(page, '/pricing');
    const menuButton = page.getByRole('button', { name: `${en.nav.language}: English` });
    await menuButton.click();
    // Drawn flags, not emoji: they show where no emoji font is installed.
    await expect(page.locator('.language-list svg.flag').count()).resolves.toBe(3);
    await expect(page.locator('.language-list').textContent()).resolves.not.toMatch(
      /\p{Regional_Indicator}/u,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Français' }).click();
    await page.waitForURL(/\/fr\/tarifs$/);
    await page.getByRole('heading', { level: 1, name: fr.pages.pricing.title }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('fr');
    await expect(page.evaluate(() => localStorage.getItem('app-language'))).resolves.toBe('fr');

    await page.getByRole('button', { name: `${fr.nav.language}: Français` }).click();
    await page.getByRole('button', { name: 'Español' }).click();
    await page.waitForURL(/\/es\/precios$/);
    await page.getByRole('heading', { level: 1, name: es.pages.pricing.title }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('app-language'))).resolves.toBe('es');

    await page.getByRole('button', { name: `${es.nav.language}: Español` }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await page.waitForURL(/\/pricing$/);
    await page.getByRole('heading', { level: 1, name: en.pages.pricing.title }).waitFor();
  });

  it('folds the header into a menu on a 375 px phone', async () => {
    const page = await newPage({ viewport: PHONE });
    await visit(page, '/');
    const toggle = page.getByRole('button', { name: en.nav.menu });
    const features = page
      .getByRole('navigation', { name: en.nav.main })
      .getByRole('link', { name: en.nav.features });
    await expect(features.isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await features.waitFor({ state: 'visible' });
    for (const name of [en.findEvent.button, en.nav.createGallery]) {
      await expect(page.getByRole('banner').getByText(name).first().isVisible()).resolves.toBe(true);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await features.click();
    await page.waitForURL(/\/features$/);
    await features.waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
  });

  it('sends a contact message that reaches the team by mail, after the form checks it', async () => {
    const page = await newPage({ viewport: PHONE });
    // The page's clock runs as the real one until the test moves it to the toast's end.
    await page.clock.install();
    await visit(page, '/es/contacto');
    await page.getByRole('button', { name: es.contact.submit }).click();
    await page.getByText(sharedEs.contactValidation.nameRequired).waitFor();
    await page.getByText(sharedEs.validation.emailRequired).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const subject = `Tarifas ${Date.now()}`;
    await page.getByLabel(es.contact.name).fill('Lucía Pérez');
    await page.getByLabel(es.contact.email).fill('lucia@example.com');
    await page.getByLabel(es.contact.subject).fill(subject);
    await page
      .getByLabel(es.contact.message)
      .fill('Organizamos veinte bodas al año. ¿Tenéis tarifas especiales?');
    await page.getByRole('button', { name: es.contact.submit }).click();
    await page.locator('.form-success').getByText(es.contact.sent).waitFor();
    // The notification toast says it too, and leaves by itself: a minute on, well past its time.
    await page.locator('.toast').first().waitFor();
    await page.clock.fastForward('01:00');
    await page.locator('.toast').first().waitFor({ state: 'detached' });

    const deadline = Date.now() + 30_000;
    let mail: Awaited<ReturnType<typeof caughtMail>>[number] | undefined;
    while (!mail && Date.now() < deadline) {
      mail = (await caughtMail(e2e!.product.mail!.webUrl)).find((caught) => caught.subject.includes(subject));
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(mail?.to.map((to) => to.address)).toEqual([DEFAULT_CONTACT_EMAIL]);
    expect(mail?.text).toContain('Lucía Pérez <lucia@example.com>');
    expect(mail?.text).toContain('¿Tenéis tarifas especiales?');
  });

  it('shows the error screen when a page fails to render, keeps the report, and goes home', async () => {
    // Without the service worker: once it controls the page (it claims it as it starts), the page's code is
    // fetched through it, where page.route does not see it, and the page renders.
    const page = await newPage({ viewport: DESKTOP, serviceWorkers: 'block' });
    // A page's code that fails as it loads (a deployment replaced it, say): the render of that page fails.
    await page.route(/\/assets\/ContentPage-[^/]+\.js$/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("chunk broken");' }),
    );
    await page.goto(`${e2e!.product.url}/about`);
    await page.getByRole('heading', { name: en.errorBoundary.title }).waitFor();
    await page.getByText(en.errorBoundary.message).waitFor();
    await expect(page.getByRole('button', { name: en.errorBoundary.tryAgain }).isVisible()).resolves.toBe(
      true,
    );
    const reports = await page.evaluate(() => JSON.parse(localStorage.getItem('error-reports') ?? '[]'));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ url: `${e2e!.product.url}/about` });
    expect(reports[0].message).toBeTruthy();
    expect(await seriousViolations(page)).toEqual([]);

    await page.unroute(/\/assets\/ContentPage-[^/]+\.js$/);
    await page.getByRole('button', { name: en.errorBoundary.goHome }).click();
    await page.waitForURL(`${e2e!.product.url}/`);
    await page.getByRole('heading', { level: 1, name: en.home.title }).waitFor();
  });

  it('sends page views to the analytics function, loads no analytics script unconfigured, and keeps the theme', async () => {
    // Without the service worker, as above: the page's code is held by page.route alone.
    const page = await newPage({ viewport: DESKTOP, serviceWorkers: 'block' });
    await page.addInitScript(() => {
      const host = window as unknown as { analyticsCalls: unknown[][]; gtag: (...args: unknown[]) => void };
      host.analyticsCalls = [];
      host.gtag = (...args) => host.analyticsCalls.push(args);
    });
    // A slow connection: the page's code arrives long after the path changed. Its page view waits for it.
    await page.clock.install();
    let releasePage: () => void = () => undefined;
    const pageHeld = new Promise<void>((resolve) => (releasePage = resolve));
    await page.route(/\/assets\/ContentPage-[^/]+\.js$/, async (route) => {
      await pageHeld;
      await route.continue();
    });
    await page.goto(`${e2e!.product.url}/fr/faq`);
    await page.getByRole('navigation', { name: fr.nav.main }).waitFor();
    await page.clock.runFor(10_000);
    const heldViews = await page.evaluate(
      () => (window as unknown as { analyticsCalls: unknown[][] }).analyticsCalls.length,
    );
    expect(heldViews).toBe(0);
    releasePage();
    await page.locator('main h1').first().waitFor();
    await page.unroute(/\/assets\/ContentPage-[^/]+\.js$/);
    await page
      .getByRole('navigation', { name: fr.nav.main })
      .getByRole('link', { name: fr.nav.pricing })
      .click();
    await page.getByRole('heading', { level: 1, name: fr.pages.pricing.title }).waitFor();
    const pageViews = () =>
      page.evaluate(() =>
        (window as unknown as { analyticsCalls: unknown[][] }).analyticsCalls.filter(
          (call) => call[1] === 'page_view',
        ),
      );
    await page.waitForFunction(
      () =>
        (window as unknown as { analyticsCalls: unknown[][] }).analyticsCalls.filter(
          (call) => call[1] === 'page_view',
        ).length >= 2,
    );
    expect(await pageViews()).toEqual([
      [
        'event',
        'page_view',
        {
          page_path: '/fr/faq',
          page_title: `${fr.pages.faq.title} | ${fr.site.titleSuffix}`,
          language: 'fr',
        },
      ],
      [
        'event',
        'page_view',
        {
          page_path: '/fr/tarifs',
          page_title: `${fr.pages.pricing.title} | ${fr.site.titleSuffix}`,
          language: 'fr',
        },
      ],
    ]);
    await expect(page.locator('#web-analytics, script[src*="googletagmanager"]').count()).resolves.toBe(0);

    await page.getByLabel(fr.site.theme).selectOption('dark');
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    await visit(page, '/fr');
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    await expect(page.evaluate(() => localStorage.getItem('app-theme'))).resolves.toBe('dark');
    await expect(
      page.evaluate(() => JSON.parse(localStorage.getItem('app-settings') ?? 'null')),
    ).resolves.toEqual({
      emailNotifications: true,
      autoBackup: false,
      compressionLevel: 'medium',
    });
  });

  it("opens the live demo from the home page: its photos in the visitor's language, every write refused", async () => {
    // Media draws the demo's photos right after it starts, without holding its start-up.
    await until('the demo seeded', async () => {
      const { event } = await graphqlAt<{ event: { photoCount: number } | null }>(
        e2e!.product.url,
        'query ($code: String!) { event(code: $code) { photoCount } }',
        { code: DEMO_GALLERY_CODE },
      );
      return event?.photoCount === 14;
    });
    const page = await newPage({ viewport: PHONE });
    await visit(page, '/fr');
    await page.getByRole('link', { name: fr.home.demoCta }).first().click();
    await page.waitForURL(`**/fr/gallery/${DEMO_GALLERY_CODE}`);
    await expect(page.getByTestId('gallery-welcome').textContent()).resolves.toBe(
      DEMO_GALLERY.welcomeLine.fr,
    );
    await expect(page.getByTestId('photo-count').textContent()).resolves.toBe(
      fr.gallery.photoCount.replace('{{count}}', '14'),
    );
    await until('the first photos shown', () =>
      page.evaluate(
        () =>
          Array.from(document.querySelectorAll<HTMLImageElement>('.photo-grid img')).filter(
            (image) => image.complete && image.naturalWidth > 0,
          ).length >= 3,
      ),
    );
    await expect(
      page.getByTestId('guestbook-message').first().locator('.guestbook-text').textContent(),
    ).resolves.toBe(DEMO_GALLERY.guestbook[2].text.fr);

    // Upload Photos says at once that nothing can be added; a heart goes to the server, which refuses it.
    await page.getByRole('button', { name: fr.gallery.upload, exact: true }).click();
    await expect(page.getByTestId('demo-upload-refusal').textContent()).resolves.toBe(
      sharedFr.errors.DEMO_READ_ONLY,
    );
    await page.getByTestId('heart-button').first().click();
    await expect(page.locator('.hearts-refusal').textContent()).resolves.toBe(sharedFr.errors.DEMO_READ_ONLY);
    expect(await seriousViolations(page)).toEqual([]);

    if (process.env.SCREENSHOTS) {
      for (const width of [360, 1280]) {
        const shot = await newPage({ viewport: { width, height: 800 } });
        for (const language of LANGUAGES) {
          await visit(shot, PAGE_PATHS[language].home);
          await shot.getByTestId('home-demo-link').waitFor();
          await shot.screenshot({
            path: `${process.env.SCREENSHOTS}/home-${language}-${width}.png`,
            fullPage: true,
          });
          await shot.getByTestId('home-demo-link').click();
          await shot.getByTestId('gallery-welcome').waitFor();
          await shot.getByRole('button', { name: TEXTS[language].gallery.upload, exact: true }).click();
          await shot.getByTestId('demo-upload-refusal').filter({ hasText: /./ }).waitFor();
          await shot.screenshot({
            path: `${process.env.SCREENSHOTS}/demo-${language}-${width}.png`,
            fullPage: true,
          });
        }
      }
    }
    // Screenshots take a while on a busy machine.
  }, 300_000);

  it('says so while the browser is offline', async () => {
    const page = await newPage({ viewport: PHONE });
    await visit(page, '/faq');
    const notice = page.getByTestId('offline-notice');
    await expect(notice.count()).resolves.toBe(0);
    await page.context().setOffline(true);
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toBe(en.site.offline);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().setOffline(false);
    await notice.waitFor({ state: 'detached' });
  });
});
