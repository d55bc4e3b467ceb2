// `npm run screens`: screenshots of the couple's and the guests' main screens (the dashboard, the event page, the
// gallery, its photo challenges, its viewer, the slideshow wall, a new order's success page), on a phone and a desktop, into
// docs/screens/, so a reviewer sees the product without running it. It starts the product as the browser tests
// do (the backing servers, `npm start`'s services on free ports, a headless Chromium), orders a gallery with a
// few photos through the API, and signs the couple in by the order's session token. Run `npm run build` first.
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { startTestPlatform } from '../../packages/testing/dist/index.js';
import { startProduct } from '../../infra/product.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'docs/screens');
const SIZES = {
  phone: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
};

async function graphql(url, query, variables = {}, token = undefined) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
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

async function uploadPhotos(url, code, challengeIds) {
  for (const [i, look] of PICTURES.entries()) {
    const file = await picture(...look);
    const { requestPhotoUploads } = await graphql(
      url,
      `
        mutation ($code: String!, $files: [PhotoUploadRequest!]!, $guestName: String, $challengeId: ID) {
          requestPhotoUploads(
            eventCode: $code
            files: $files
            guestName: $guestName
            challengeId: $challengeId
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

async function shoot(page, name, fullPage) {
  // Fonts, QR codes and every thumbnail drawn (lazy ones too, for a full page); no animation half-way.
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => {
    for (const image of document.images) image.loading = 'eager';
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.waitForLoadState('networkidle');
  // No button left looking hovered where the last click was.
  await page.mouse.move(0, 0);
  const file = path.join(OUT, `${name}.png`);
  const shot = await page.screenshot({ fullPage, animations: 'disabled' });
  // A 256-colour palette: a third of the bytes, no visible loss on these flat pages.
  await sharp(shot).png({ palette: true, quality: 90, effort: 8 }).toFile(file);
  console.log(`${path.relative(ROOT, file)}  ${Math.round((await stat(file)).size / 1024)} kB`);
}

const platform = await startTestPlatform();
let product;
let browser;
try {
  product = await startProduct({ platformEnv: platform.env, log: () => undefined });
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
  await mkdir(OUT, { recursive: true });

  for (const [size, device] of Object.entries(SIZES)) {
    const couple = await browser.newContext({ ...device, deviceScaleFactor: 1, locale: 'en-US' });
    await couple.addInitScript(
      (token) => localStorage.setItem('authToken', token),
      createGallery.sessionToken,
    );
    const page = await couple.newPage();

    await page.goto(`${product.url}/dashboard`);
    await page.locator(`.owner-gallery[data-code="${code}"] img`).waitFor();
    await shoot(page, `dashboard-${size}`, true);

    await page.goto(`${product.url}/event/${code}`);
    await page.locator('[data-testid="event-qr"]').waitFor();
    await page.getByRole('textbox', { name: 'Challenge 4' }).waitFor();
    await page
      .locator('.owner-photo img')
      .nth(PICTURES.length - 1)
      .waitFor();
    await shoot(page, `event-${size}`, true);

    const guest = await browser.newContext({ ...device, deviceScaleFactor: 1, locale: 'en-US' });
    const gallery = await guest.newPage();
    await gallery.goto(`${product.url}/gallery/${code}`);
    await gallery
      .locator('.photo-tile img')
      .nth(PICTURES.length - 1)
      .waitFor();
    await shoot(gallery, `gallery-${size}`, false);

    // The photo challenges: this browser's progress, the filter with each count, a card per challenge.
    await gallery.locator('#challenges-title').scrollIntoViewIfNeeded();
    await gallery.evaluate(() => document.querySelector('.challenges')?.scrollIntoView({ block: 'start' }));
    await shoot(gallery, `challenges-${size}`, false);
    await gallery.evaluate(() => window.scrollTo(0, 0));

    await gallery.locator('.photo-tile').first().click();
    await gallery.locator('.photo-viewer-figure img').waitFor();
    await shoot(gallery, `viewer-${size}`, false);

    // The slideshow wall, as the venue's screen shows it.
    const { createWallLink } = await graphql(
      product.url,
      'mutation ($code: String!) { createWallLink(eventCode: $code) { url } }',
      { code },
      createGallery.sessionToken,
    );
    await gallery.goto(createWallLink.url.replace(/^https?:\/\/[^/]+/, product.url));
    await gallery.locator('[data-testid="wall-media"]').waitFor();
    await gallery.locator('.wall-qr').waitFor();
    await shoot(gallery, `wall-${size}`, false);
    await guest.close();
    await couple.close();

    // A new couple's order, free, through the form: its success page.
    const newCouple = await browser.newContext({ ...device, deviceScaleFactor: 1, locale: 'en-US' });
    const order = await newCouple.newPage();
    await order.goto(`${product.url}/order`);
    await order.getByLabel('Couple Names').fill('Anna & Ben');
    await order.getByLabel('Wedding Date').fill('2027-09-01');
    await order.getByLabel('Event Location').fill('Nice, France');
    await order.getByLabel('Email Address').fill(`anna-${size}@example.com`);
    await order.getByLabel('Phone Number').fill('+33 6 12 34 56 78');
    await order.getByRole('button', { name: 'Create Gallery' }).click();
    await order.getByTestId('gallery-qr').waitFor();
    await shoot(order, `order-success-${size}`, true);
    await newCouple.close();
  }
} finally {
  await browser?.close();
  await product?.stop();
  await platform.stop();
}
