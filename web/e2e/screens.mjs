// `npm run screens`: screenshots of the couple's and the guests' main screens (the home page, the dashboard, the
// event page, the analytics, the gallery's landing with its cover photo, its photo challenges, its viewer, its
// table filter with one table's photos, the slideshow wall, a new order's success page), on a phone and a desktop,
// into docs/screens/ (with `every-language`, in French and Spanish too, into the git-ignored
// docs/screens/every-language/), so a reviewer sees the product without running it. Then the couple's settings in
// every language (the event page's Privacy, Backup and Table cards sections, the viewer's Undo, the wall with its
// guestbook band, the gallery's guestbook with older messages, the couple's photo viewer, the approval queue's
// photos and messages, the upload panel while photos are on their way) into docs/screens/languages/, each checked
// (and the main screens' gallery) for a page wider than the screen, touch targets under 44 px and axe-core's
// serious findings (contrast among them);
// `npm run screens -- languages` takes only those. It starts the product as the browser tests
// do (the backing servers, `npm start`'s services on free ports, a headless Chromium), orders a gallery with a
// few photos through the API, and signs the couple in by the order's session token. Run `npm run build` first.
import { readFileSync } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { startTestPlatform } from '../../packages/testing/dist/index.js';
import { startProduct } from '../../infra/product.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'docs/screens');
const LANGUAGES_ONLY = process.argv.includes('languages');
const LOCALES = { en: 'en-US', fr: 'fr-FR', es: 'es-ES' };
/**
 * The languages the main screens are taken in: English, kept in docs/screens; with `every-language`, French and
 * Spanish too, into docs/screens/every-language/ (git-ignored: for a look at every screen, not for the docs).
 */
const MAIN_LANGUAGES = process.argv.includes('every-language') ? Object.keys(LOCALES) : ['en'];
/** Where the order form is in each language. */
const ORDER_PATHS = { en: '/order', fr: '/fr/commander', es: '/es/orden' };
/** Animations off and one time zone: the same page draws the same pixels on every run and machine. */
const STEADY = { reducedMotion: 'reduce', timezoneId: 'UTC' };
const SIZES = {
  phone: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
};

async function graphql(url, query, variables = {}, token = undefined, guestIdentity = undefined) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
      ...(guestIdentity && { 'x-guest-identity': guestIdentity }),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (!body.data || body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** A wedding-coloured picture: a sky gradient, a sun and two hills, as a 1200 x 800 JPEG. */
function picture(sky, sun, hills) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#s)"/>
    <circle cx="820" cy="330" r="120" fill="${sun}"/>
    <path d="M0 600 Q300 420 620 580 T1200 520 V800 H0Z" fill="${hills[0]}"/>
    <path d="M0 700 Q400 560 800 690 T1200 660 V800 H0Z" fill="${hills[1]}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

const PICTURES = [
  [['#f6d5b8', '#f9efe3'], '#f2b880', ['#a7b99e', '#6f8a68']],
  [['#cfe3f2', '#f4f1ea'], '#fff3c4', ['#9bb5a0', '#58745d']],
  [['#e9c9d6', '#fbeff2'], '#f7d9a8', ['#b9a3c4', '#7e6a8c']],
  [['#2f3b5c', '#c98f75'], '#ffd9a0', ['#4b4a5e', '#2b2a38']],
  [['#f3e4c8', '#fffaf0'], '#e9b872', ['#c7b089', '#8a6a2f']],
  [['#bfe0dc', '#f1f7f3'], '#fff6d8', ['#8fb8a8', '#4f7d6b']],
];
const GUESTS = ['Anna', 'Marc', 'Lucía', null, 'Tom', 'Anna'];
const CHALLENGES = [
  'A selfie with the bride',
  'The best dance move',
  'Your table raising a toast',
  'The first dance',
];
/** The challenge each picture answers (an index into CHALLENGES), or null; the newest, on the wall, answers one. */
const CHALLENGE_OF = [0, null, 1, null, 2, 1];
/** The table card each picture was uploaded from (its number), or null: the gallery's table filter and counts. */
const TABLE_OF = [3, 12, 3, null, 3, 12];

async function uploadPhotos(url, code, challengeIds) {
  for (const [i, look] of PICTURES.entries()) {
    const file = await picture(...look);
    const { requestPhotoUploads } = await graphql(
      url,
      `
        mutation (
          $code: String!
          $files: [PhotoUploadRequest!]!
          $guestName: String
          $challengeId: ID
          $table: Int
        ) {
          requestPhotoUploads(
            eventCode: $code
            files: $files
            guestName: $guestName
            challengeId: $challengeId
            table: $table
          ) {
            uploadId
            uploadUrl
            headers {
              name
              value
            }
          }
        }
      `,
      {
        code,
        guestName: GUESTS[i],
        challengeId: CHALLENGE_OF[i] === null ? null : challengeIds[CHALLENGE_OF[i]],
        table: TABLE_OF[i],
        files: [{ fileName: `IMG_${i + 1}.jpg`, contentType: 'image/jpeg', size: file.length }],
      },
    );
    const [slot] = requestPhotoUploads;
    const put = await fetch(slot.uploadUrl, {
      method: 'PUT',
      headers: Object.fromEntries(slot.headers.map((header) => [header.name, header.value])),
      body: file,
    });
    if (put.status !== 200) throw new Error(`upload ${i} answered ${put.status}`);
    await graphql(
      url,
      `
        mutation ($code: String!, $id: ID!) {
          confirmPhotoUpload(eventCode: $code, uploadId: $id) {
            id
          }
        }
      `,
      {
        code,
        id: slot.uploadId,
      },
    );
  }
}

async function shoot(page, name, fullPage, element = undefined, { whileBusy = false } = {}) {
  // Fonts, QR codes and every thumbnail drawn (lazy ones too, for a full page); no animation half-way.
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => {
    for (const image of document.images) image.loading = 'eager';
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  // (A page caught mid-upload is never idle.)
  if (!whileBusy) await page.waitForLoadState('networkidle');
  // No button left looking hovered where the last click was.
  await page.mouse.move(0, 0);
  const file = path.join(OUT, `${name}.png`);
  let shot;
  if (element) {
    // An element is cut from the whole page, so the sticky header stays at the top and out of it; measured with
    // the screen as tall as the page, as the shot is taken (what is sized by the screen's height moves with it).
    const screen = page.viewportSize();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize({
      width: screen.width,
      height: await page.evaluate(() => document.documentElement.scrollHeight),
    });
    const clip = await element.boundingBox();
    shot = await page.screenshot({ animations: 'disabled', clip });
    await page.setViewportSize(screen);
  } else {
    shot = await page.screenshot({ fullPage, animations: 'disabled' });
  }
  // A 256-colour palette: a third of the bytes, no visible loss on these flat pages.
  const png = await sharp(shot).png({ palette: true, quality: 90, effort: 8 }).toBuffer();
  // A page that did not change keeps its file: no churn in docs/screens from a run that changed nothing.
  if (await samePixels(file, png)) {
    console.log(`${path.relative(ROOT, file)}  unchanged`);
    return;
  }
  await writeFile(file, png);
  console.log(`${path.relative(ROOT, file)}  ${Math.round((await stat(file)).size / 1024)} kB`);
}

/** Whether the PNG at `file` shows exactly the pixels of `png` (false when there is no such file). */
async function samePixels(file, png) {
  const decode = (input) => sharp(input).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let kept;
  try {
    kept = await decode(file);
  } catch {
    return false;
  }
  const fresh = await decode(png);
  return (
    kept.info.width === fresh.info.width &&
    kept.info.height === fresh.info.height &&
    kept.data.equals(fresh.data)
  );
}

/**
 * What breaks a small screen or a finger in the page's `sections`: a page wider than the screen, an element
 * sticking out of its section, a control (a button, link, field or a check row's label) under 44 px in height or
 * width, and text clipped by its box.
 */
async function layoutProblems(page, where, sections) {
  const found = await page.evaluate((selectors) => {
    const out = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      out.push(`page ${document.documentElement.scrollWidth} px wide`);
    const name = (element) =>
      `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
    for (const selector of selectors) {
      for (const root of document.querySelectorAll(selector)) {
        for (const element of root.querySelectorAll('*')) {
          const box = element.getBoundingClientRect();
          // Nothing hidden from the reader: a blurred backdrop may overflow its clipping frame.
          if (box.width === 0 || box.height === 0 || element.closest('[aria-hidden="true"]')) continue;
          // Text for screen readers only is clipped on purpose.
          if (element.closest('.visually-hidden')) continue;
          const style = window.getComputedStyle(element);
          if (style.visibility === 'hidden') continue;
          if (box.right > width + 1)
            out.push(`${name(element)} sticks out (${Math.round(box.right)} > ${width})`);
          const control =
            element.matches(
              'button, a[href], select, input:not([type=checkbox]):not([type=radio]):not([type=hidden]), textarea',
            ) ||
            (element.matches('label') && element.querySelector('input[type=checkbox], input[type=radio]'));
          if (control && (box.height < 44 || box.width < 44)) {
            out.push(`${name(element)} is ${Math.round(box.width)} x ${Math.round(box.height)} px`);
          }
          if (
            (style.overflow === 'hidden' || style.textOverflow === 'ellipsis') &&
            element.scrollWidth > element.clientWidth + 1 &&
            element.children.length === 0
          ) {
            out.push(`${name(element)} is clipped`);
          }
        }
      }
    }
    return out;
  }, sections);
  return found.map((problem) => `${where}: ${problem}`);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings (contrast, names, roles) on the page, as the browser tests check. */
async function accessibilityProblems(page, where) {
  // Through the DevTools protocol: the product's Content-Security-Policy forbids inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  });
  return violations.map((violation) => `${where}: ${violation}`);
}

const platform = await startTestPlatform();
let product;
let browser;
try {
  product = await startProduct({
    platformEnv: platform.env,
    log: () => undefined,
    // Drives offered by signing in, so the Backup section shows their buttons (never followed here).
    serviceEnv: {
      // The same gallery codes (and so QR codes and links) on every run: a screen changes when its page does.
      events: { GALLERY_CODES_SEED: 'screens' },
      backup: {
        GOOGLE_DRIVE_CLIENT_ID: 'screens',
        GOOGLE_DRIVE_CLIENT_SECRET: 'screens',
        DROPBOX_APP_KEY: 'screens',
        DROPBOX_APP_SECRET: 'screens',
      },
    },
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const { createGallery } = await graphql(
    product.url,
    `
      mutation ($input: CreateGalleryInput!) {
        createGallery(input: $input) {
          event {
            code
          }
          sessionToken
        }
      }
    `,
    {
      input: {
        coupleNames: 'Sarah & Mike',
        weddingDate: '2027-06-12',
        location: 'Lyon, France',
        email: 'sarah@example.com',
        phone: '+33 6 12 34 56 78',
        plan: 'FREE',
      },
    },
  );
  const code = createGallery.event.code;
  const { setChallenges } = await graphql(
    product.url,
    `
      mutation ($code: String!, $challenges: [ChallengePromptInput!]!) {
        setChallenges(eventCode: $code, challenges: $challenges) {
          id
        }
      }
    `,
    { code, challenges: CHALLENGES.map((prompt) => ({ prompt })) },
    createGallery.sessionToken,
  );
  // Media hears of them through the outbox: the uploads wait until it has.
  for (;;) {
    const { event } = await graphql(
      product.url,
      'query ($code: String!) { event(code: $code) { challenges { id } } }',
      {
        code,
      },
    );
    if (event.challenges.length === CHALLENGES.length) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await uploadPhotos(
    product.url,
    code,
    setChallenges.map((challenge) => challenge.id),
  );
  // The guests' landing as the couple set it: the sunset photo for a cover, and a welcome line.
  const { event: uploaded } = await graphql(
    product.url,
    'query ($code: String!) { event(code: $code) { photos(first: 50) { nodes { id } } } }',
    { code },
  );
  await graphql(
    product.url,
    'mutation ($code: String!, $id: ID) { setCoverPhoto(code: $code, photoId: $id) }',
    { code, id: uploaded.photos.nodes.at(-4).id },
    createGallery.sessionToken,
  );
  await graphql(
    product.url,
    'mutation ($code: String!, $line: String) { setWelcomeLine(code: $code, welcomeLine: $line) { code } }',
    { code, line: 'Thank you for celebrating with us!' },
    createGallery.sessionToken,
  );
  await mkdir(path.join(OUT, 'every-language'), { recursive: true });

  const problems = [];
  const mainShots = LANGUAGES_ONLY
    ? []
    : MAIN_LANGUAGES.flatMap((language) => Object.keys(SIZES).map((size) => [language, size]));
  for (const [language, size] of mainShots) {
    const device = SIZES[size];
    const locale = LOCALES[language];
    const prefix = language === 'en' ? '' : `/${language}`;
    const named = (screen) =>
      language === 'en' ? `${screen}-${size}` : `every-language/${screen}-${language}-${size}`;
    const couple = await browser.newContext({ ...device, ...STEADY, deviceScaleFactor: 1, locale });
    await couple.addInitScript(
      ([token, chosen]) => {
        localStorage.setItem('authToken', token);
        localStorage.setItem('app-language', chosen);
      },
      [createGallery.sessionToken, language],
    );
    const page = await couple.newPage();

    // The home page's first screen, with its live demo entry.
    await page.goto(`${product.url}${prefix || '/'}`);
    await page.locator('main h1').waitFor();
    await shoot(page, named('home'), false);

    await page.goto(`${product.url}/dashboard`);
    await page.locator(`.owner-gallery[data-code="${code}"] img`).waitFor();
    await shoot(page, named('dashboard'), true);

    await page.goto(`${product.url}/event/${code}`);
    await page.locator('[data-testid="event-qr"]').waitFor();
    await page
      .locator('#challenges .challenge-row input')
      .nth(CHALLENGES.length - 1)
      .waitFor();
    await page
      .locator('#photos .photo-grid img')
      .nth(PICTURES.length - 1)
      .waitFor();
    await shoot(page, named('event'), true);

    // The couple's analytics: uploads and visits by day, who shared most, the photos loved most.
    await page.goto(`${product.url}/analytics-dashboard`);
    await page.getByTestId('top-sharers').locator('li').first().waitFor();
    await page.locator('.recharts-wrapper').first().waitFor();
    await shoot(page, named('analytics'), true);

    const guest = await browser.newContext({ ...device, ...STEADY, deviceScaleFactor: 1, locale });
    const gallery = await guest.newPage();
    await gallery.goto(`${product.url}${prefix}/gallery/${code}`);
    await gallery
      .locator('.photo-tile img')
      .nth(PICTURES.length - 1)
      .waitFor();
    problems.push(...(await layoutProblems(gallery, `gallery ${language} ${size}`, ['.gallery-page'])));
    problems.push(...(await accessibilityProblems(gallery, `gallery ${language} ${size}`)));
    await shoot(gallery, named('gallery'), false);

    // The photo challenges: this browser's progress, the filter with each count, a card per challenge.
    await gallery.locator('#challenges-title').scrollIntoViewIfNeeded();
    await gallery.evaluate(() => document.querySelector('.challenges')?.scrollIntoView({ block: 'start' }));
    await shoot(gallery, named('challenges'), false);
    await gallery.evaluate(() => window.scrollTo(0, 0));

    await gallery.locator('.photo-tile').first().click();
    await gallery.locator('.photo-viewer-figure img').waitFor();
    await shoot(gallery, named('viewer'), false);

    // The table filter, one table's photos shown: its name and count in the filter, its photos below.
    await gallery.goto(`${product.url}${prefix}/gallery/${code}`);
    await gallery.locator('.table-filter select').selectOption(String(TABLE_OF[0]));
    await gallery
      .locator('.photo-tile img')
      .nth(TABLE_OF.filter((table) => table === TABLE_OF[0]).length - 1)
      .waitFor();
    await gallery.evaluate(() => document.querySelector('.table-filter')?.scrollIntoView({ block: 'start' }));
    problems.push(...(await layoutProblems(gallery, `tables ${language} ${size}`, ['.table-filter'])));
    await shoot(gallery, named('tables'), false);

    // The slideshow wall, as the venue's screen shows it.
    const { createWallLink } = await graphql(
      product.url,
      'mutation ($code: String!) { createWallLink(eventCode: $code) { url } }',
      { code },
      createGallery.sessionToken,
    );
    const wallLink = createWallLink.url.replace(/^https?:\/\/[^/]+/, product.url);
    await gallery.goto(language === 'en' ? wallLink : wallLink.replace(/\/wall\//, `/${language}/wall/`));
    await gallery.locator('[data-testid="wall-media"]').waitFor();
    await gallery.locator('.wall-qr').waitFor();
    await shoot(gallery, named('wall'), false);
    await guest.close();
    await couple.close();

    // A new couple's order, free, through the form: its success page.
    const newCouple = await browser.newContext({ ...device, ...STEADY, deviceScaleFactor: 1, locale });
    const order = await newCouple.newPage();
    await order.goto(`${product.url}${ORDER_PATHS[language]}`);
    await order.locator('#order-coupleNames').fill('Anna & Ben');
    await order.locator('#order-weddingDate').fill('2027-09-01');
    await order.locator('#order-location').fill('Nice, France');
    await order.locator('#order-email').fill(`anna-${language}-${size}@example.com`);
    await order.locator('#order-phone').fill('+33 6 12 34 56 78');
    await order.locator('form button[type="submit"]').click();
    await order.getByTestId('gallery-qr').waitFor();
    await shoot(order, named('order-success'), true);
    await newCouple.close();
  }

  // The couple's settings in every language, on Premium (the backup's drives), with a guestbook message on the wall.
  const { startCheckout } = await graphql(
    product.url,
    'mutation ($code: String!) { startCheckout(eventCode: $code, plan: PREMIUM) { id } }',
    { code },
    createGallery.sessionToken,
  );
  await graphql(product.url, 'mutation ($id: ID!) { payDemoCheckout(id: $id) { status } }', {
    id: startCheckout.id,
  });
  for (;;) {
    const { event } = await graphql(product.url, 'query ($code: String!) { event(code: $code) { plan } }', {
      code,
    });
    if (event.plan === 'PREMIUM') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { issueGuestIdentity } = await graphql(product.url, 'mutation { issueGuestIdentity { token } }');
  await graphql(
    product.url,
    `
      mutation ($code: String!, $text: String!, $guestName: String) {
        leaveGuestbookMessage(eventCode: $code, text: $text, guestName: $guestName) {
          id
        }
      }
    `,
    {
      code,
      text: 'Félicitations ! What a beautiful day, thank you for having us. ¡Viva los novios!',
      guestName: 'Lucía',
    },
    undefined,
    issueGuestIdentity.token,
  );
  // A full first page of guestbook messages and more (the gallery offers older ones), five per guest as the
  // limit allows; then approval on, and a guest photo and message waiting on the couple's queue.
  const LEAVE = `
    mutation ($code: String!, $text: String!, $guestName: String) {
      leaveGuestbookMessage(eventCode: $code, text: $text, guestName: $guestName) {
        id
      }
    }
  `;
  let writer;
  for (let n = 1; n <= 55; n++) {
    if (n % 5 === 1)
      writer = (await graphql(product.url, 'mutation { issueGuestIdentity { token } }')).issueGuestIdentity
        .token;
    await graphql(
      product.url,
      LEAVE,
      { code, text: `Cheers to the happy couple! (${n})`, guestName: `Guest ${n}` },
      undefined,
      writer,
    );
  }
  await graphql(
    product.url,
    `
      mutation ($code: String!, $settings: PrivacySettingsInput!) {
        setPrivacySettings(eventCode: $code, settings: $settings) {
          code
        }
      }
    `,
    { code, settings: { guestOriginalsAllowed: true, approval: true } },
    createGallery.sessionToken,
  );
  // Media applies the settings from events' event: uploads wait until it has.
  for (;;) {
    await uploadPhotos(product.url, code, []);
    const { reviewQueue } = await graphql(
      product.url,
      'query ($code: String!) { reviewQueue(eventCode: $code) { waitingCount } }',
      { code },
      createGallery.sessionToken,
    );
    if (reviewQueue.waitingCount > 0) break;
  }
  await graphql(
    product.url,
    LEAVE,
    { code, text: 'See you on the dance floor!', guestName: 'Tom' },
    undefined,
    (await graphql(product.url, 'mutation { issueGuestIdentity { token } }')).issueGuestIdentity.token,
  );
  const { createWallLink } = await graphql(
    product.url,
    'mutation ($code: String!) { createWallLink(eventCode: $code) { url } }',
    { code },
    createGallery.sessionToken,
  );
  const wallUrl = createWallLink.url.replace(/^https?:\/\/[^/]+/, product.url);
  await mkdir(path.join(OUT, 'languages'), { recursive: true });
  // The nine photos a guest chooses for the upload panel's shots.
  const chosen = await Promise.all(
    Array.from({ length: 9 }, async (_, i) => ({
      name: `IMG_${2041 + i}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await picture(...PICTURES[i % PICTURES.length]),
    })),
  );
  for (const [language, locale] of Object.entries(LOCALES)) {
    for (const [size, device] of Object.entries(SIZES)) {
      const context = await browser.newContext({ ...device, ...STEADY, deviceScaleFactor: 1, locale });
      // The couple's pages speak the language chosen last (kept in the browser), as the switcher leaves it.
      await context.addInitScript(
        ([token, chosen]) => {
          localStorage.setItem('authToken', token);
          localStorage.setItem('app-language', chosen);
        },
        [createGallery.sessionToken, language],
      );
      const page = await context.newPage();
      await page.goto(`${product.url}/event/${code}`);
      await page.locator('[data-testid="owner-metadata"]').waitFor();
      await page.locator('[data-testid="gallery-pin-control"]').waitFor();
      await page.locator('[data-testid="backup-drives"]').waitFor();
      problems.push(...(await layoutProblems(page, `event ${language} ${size}`, ['#privacy', '#backup'])));
      problems.push(...(await accessibilityProblems(page, `event ${language} ${size}`)));
      for (const section of ['privacy', 'backup']) {
        await shoot(page, `languages/${section}-${language}-${size}`, true, page.locator(`#${section}`));
      }
      // The table cards: a card per table asked for, the PDF made and offered.
      const cards = page.locator('#table-cards');
      await cards.locator('input[type="checkbox"]').check();
      await cards.locator('button[type="submit"]').click();
      await cards.locator('a[download]').waitFor();
      problems.push(...(await layoutProblems(page, `table cards ${language} ${size}`, ['#table-cards'])));
      problems.push(...(await accessibilityProblems(page, `table cards ${language} ${size}`)));
      await shoot(page, `languages/table-cards-${language}-${size}`, true, cards);
      // The wall in each language (its link opens it in the gallery's, English here).
      await page.goto(language === 'en' ? wallUrl : wallUrl.replace(/\/wall\//, `/${language}/wall/`));
      await page.locator('[data-testid="wall-media"]').waitFor();
      await page.locator('[data-testid="wall-guestbook"]').waitFor();
      problems.push(...(await layoutProblems(page, `wall ${language} ${size}`, ['body'])));
      problems.push(...(await accessibilityProblems(page, `wall ${language} ${size}`)));
      await shoot(page, `languages/wall-${language}-${size}`, false);
      // The couple's gallery: the guestbook's older messages, and a photo opened with what they may do to it.
      const prefix = language === 'en' ? '' : `/${language}`;
      await page.goto(`${product.url}${prefix}/gallery/${code}`);
      const older = page.locator('.guestbook-older');
      await older.waitFor();
      await older.scrollIntoViewIfNeeded();
      problems.push(...(await layoutProblems(page, `guestbook ${language} ${size}`, ['.guestbook'])));
      await shoot(page, `languages/guestbook-${language}-${size}`, false);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('.photo-tile').first().click();
      await page.locator('.photo-viewer-figure img').waitFor();
      problems.push(...(await layoutProblems(page, `viewer ${language} ${size}`, ['.photo-viewer-top'])));
      problems.push(...(await accessibilityProblems(page, `viewer ${language} ${size}`)));
      await shoot(page, `languages/viewer-${language}-${size}`, false);
      // The couple's Remove in the viewer: its Undo toast inside the viewer, then undone.
      await page.locator('.photo-viewer-top .photo-viewer-text-button').first().click();
      const undo = page.getByTestId('undo-toast');
      await undo.waitFor();
      problems.push(...(await accessibilityProblems(page, `viewer undo ${language} ${size}`)));
      await shoot(page, `languages/viewer-undo-${language}-${size}`, false);
      await undo.locator('button').click();
      await undo.waitFor({ state: 'detached' });
      // The approval queue, a photo and a message waiting.
      await page.goto(`${product.url}/event/${code}/review`);
      await page.locator('[data-testid="review-queue"] img').first().waitFor();
      problems.push(...(await layoutProblems(page, `review ${language} ${size}`, ['.review-page'])));
      problems.push(...(await accessibilityProblems(page, `review ${language} ${size}`)));
      await shoot(page, `languages/review-${language}-${size}`, true);
      await page.getByTestId('review-messages-tab').click();
      await page.locator('[data-testid="review-messages"] li').first().waitFor();
      problems.push(...(await layoutProblems(page, `review messages ${language} ${size}`, ['.review-page'])));
      await shoot(page, `languages/review-messages-${language}-${size}`, true);
      // The upload panel while photos are on their way: the link slowed so that none arrives before the shot
      // (they would change the next screens), nine chosen at once.
      await page.goto(`${product.url}${prefix}/gallery/${code}`);
      await page.locator('.photo-tile').first().waitFor();
      const network = await context.newCDPSession(page);
      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 40,
        downloadThroughput: 1_000_000,
        uploadThroughput: 4_000,
      });
      await page.getByTestId('photo-file-input').setInputFiles(chosen);
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="upload-overall"]')?.getAttribute('value')) > 0,
      );
      problems.push(...(await layoutProblems(page, `uploads ${language} ${size}`, ['.upload-panel'])));
      problems.push(...(await accessibilityProblems(page, `uploads ${language} ${size}`)));
      await shoot(page, `languages/uploads-${language}-${size}`, true, page.getByTestId('upload-panel'), {
        whileBusy: true,
      });
      await context.close();
    }
  }
  for (const problem of problems) console.log(`! ${problem}`);
  console.log(problems.length === 0 ? 'no layout problems found' : `${problems.length} layout problems`);
} finally {
  await browser?.close();
  await product?.stop();
  await platform.stop();
}
