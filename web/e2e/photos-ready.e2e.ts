import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { en } from '../src/i18n/en.js';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  seriousViolations,
  startBrowserTest,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, graphqlAt } from './product-api.js';

// A guest uploads a photo and is offered "Tell me when the photos are in": they leave an address, see it kept with
// a way to stop it, stop it, leave it again; the stop link of the mail opens a page that stops only when asked, in
// the guest's language. The mail's "your own photos" link opens the gallery on My photos. (When the mail goes,
// once: services/events/test/return-mails.test.ts.)

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true });
}

async function shootElement(element: Locator, name: string): Promise<void> {
  if (process.env.SCREENSHOTS) await element.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png` });
}

describe('the photos-ready mail, in the browser', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  it('offers the field after an upload, keeps the address with a stop, and stops from the link', async () => {
    const url = e2e!.product.url;
    const { code } = await createGalleryAt(url);
    const context = await e2e!.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${url}/gallery/${code}`);
    await page.getByTestId('photo-file-input').waitFor({ state: 'attached', timeout: 45_000 });
    expect(await page.getByLabel('Tell me when the photos are in (optional)').count()).toBe(0);

    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c96' } })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('photo-file-input')
      .setInputFiles([{ name: 'IMG_1.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    const field = page.getByLabel('Tell me when the photos are in (optional)');
    await field.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'photos-ready-field-en-360');

    await field.fill('not an address');
    await page.getByRole('button', { name: 'Tell me' }).click();
    // The browser's own check speaks first; the server's refusal is shown when it is bypassed.
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);

    await field.fill('anna@example.com');
    await page.getByRole('button', { name: 'Tell me' }).click();
    await page.getByText('We’ll email anna@example.com once when the photos are in.').waitFor();
    await shoot(page, 'photos-ready-kept-en-360');
    await page.getByRole('button', { name: 'Don’t email me' }).click();
    await page.getByText('Done: your address is deleted.').waitFor();

    // Left again: the mail's stop link, opened on another device in French, stops only when asked.
    await page.getByLabel('Tell me when the photos are in (optional)').fill('anna@example.com');
    await page.getByRole('button', { name: 'Tell me' }).click();
    await page.getByText('We’ll email anna@example.com once when the photos are in.').waitFor();
    const token = await page.evaluate(
      (key) => (JSON.parse(localStorage.getItem(key)!) as { stopToken: string }).stopToken,
      `gallery-photos-ready:${code}`,
    );
    const elsewhere = await (await e2e!.browser.newContext({ viewport: PHONE })).newPage();
    await elsewhere.goto(`${url}/fr/mail-stop#token=${encodeURIComponent(token)}`);
    const confirm = elsewhere.getByRole('button', { name: 'Arrêter l’e-mail et effacer mon adresse' });
    await confirm.waitFor();
    expect(await seriousViolations(elsewhere)).toEqual([]);
    await shoot(elsewhere, 'mail-stop-fr-360');
    await confirm.click();
    await elsewhere
      .getByText(
        'C’est fait : votre adresse est effacée et nous ne vous écrirons pas au sujet de cette galerie.',
      )
      .waitFor();

    // A mangled link is refused when pressed: nothing is stopped.
    await elsewhere.goto(`${url}/mail-stop#token=${encodeURIComponent(`${token.slice(0, -2)}xx`)}`);
    await elsewhere.reload();
    await elsewhere.getByRole('button', { name: 'Stop the email and delete my address' }).click();
    await elsewhere
      .getByText('This link does not work. Please copy the whole link from the email.')
      .waitFor();

    // The mail's "your own photos" link: the gallery opens on My photos.
    await page.goto(`${url}/gallery/${code}?show=mine`);
    const mine = page.getByTestId('my-photos');
    await mine.waitFor({ timeout: 45_000 });
    expect(await mine.getAttribute('aria-pressed')).toBe('true');
  }, 180_000);

  it("opens the mail's one-click unsubscribe link as a page in the mail's language that stops when asked", async () => {
    const url = e2e!.product.url;
    const { code } = await createGalleryAt(url);
    const { issueGuestIdentity: guest } = await graphqlAt<{ issueGuestIdentity: { token: string } }>(
      url,
      'mutation { issueGuestIdentity { token } }',
    );
    const { askForPhotosReadyMail: asked } = await graphqlAt<{
      askForPhotosReadyMail: { stopToken: string };
    }>(
      url,
      'mutation ($code: String!, $input: PhotosReadyMailInput!) { askForPhotosReadyMail(eventCode: $code, input: $input) { stopToken } }',
      { code, input: { email: 'lea@example.com', language: 'es' } },
      undefined,
      { 'x-guest-identity': guest.token },
    );
    // Opened from a French browser: the page speaks the mail's Spanish, and opening it stopped nothing.
    const context = await e2e!.browser.newContext({ viewport: PHONE, locale: 'fr-FR' });
    const page = await context.newPage();
    const link = `${url}/unsubscribe/${asked.stopToken}`;
    await page.goto(link);
    await page.getByRole('heading', { name: 'El correo «ya están las fotos»' }).waitFor();
    await page
      .getByText(
        'Pulsa el botón para detener el correo «ya están las fotos» de esta galería y borrar tu dirección.',
        {
          exact: false,
        },
      )
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await shoot(page, 'one-click-stop-es-360');
    await page.getByRole('button', { name: 'Detener el correo y borrar mi dirección' }).click();
    await page
      .getByText('Hecho: tu dirección está borrada y no te escribiremos sobre esta galería.')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(`/unsubscribe/${asked.stopToken}`);

    // Opened again: nothing is left (in the browser's language, the address being gone); a mangled link says so.
    await page.goto(link);
    await page.getByText('Il n’y a plus rien à arrêter : cet e-mail ne sera plus envoyé.').waitFor();
    expect(await page.getByRole('button').count()).toBe(0);
    const mangled = await page.goto(`${url}/unsubscribe/${asked.stopToken.slice(0, -2)}xx`);
    expect(mangled?.status()).toBe(400);
    await page.getByText('Ce lien ne fonctionne pas. Copiez le lien entier depuis l’e-mail.').waitFor();
    expect(await page.getByRole('button').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('lets the couple choose each of their mails on the event page, saved as switched', async () => {
    const url = e2e!.product.url;
    const { code, sessionToken } = await createGalleryAt(url);
    const context = await e2e!.browser.newContext({ viewport: PHONE });
    await context.addInitScript((token) => localStorage.setItem('authToken', token), sessionToken);
    const page = await context.newPage();
    await page.goto(`${url}/event/${code}`);
    const section = page.locator('#mails');
    const messages = section.getByRole('switch', { name: en.ownerMails.waitingMessages });
    const full = section.getByRole('switch', { name: en.ownerMails.galleryFull });
    await messages.waitFor({ timeout: 45_000 });
    const settled = () =>
      page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLInputElement>('#mails [role="switch"]')].every(
          (input) => !input.disabled,
        ),
      );
    await settled();
    expect(await section.getByRole('switch').count()).toBe(6);
    expect(await messages.isChecked()).toBe(true);
    expect(await full.isChecked()).toBe(true);
    await messages.click();
    // Checked comes from the server's answer: off and enabled once the change is saved.
    await page.waitForFunction(() => {
      const input = document.querySelector<HTMLInputElement>('#mails [data-mail="WAITING_MESSAGES"]');
      return input !== null && !input.checked && !input.disabled;
    });
    await page.reload();
    await messages.waitFor({ timeout: 45_000 });
    await settled();
    expect(await messages.isChecked()).toBe(false);
    expect(await full.isChecked()).toBe(true);
    await section.getByText(en.ownerMails.alwaysSent).waitFor();
    await context.close();
  }, 120_000);

  it('reads well at 360 and 1280 px in English, French and Spanish', async () => {
    if (!process.env.SCREENSHOTS) return;
    const url = e2e!.product.url;
    for (const language of ['en', 'fr', 'es'] as const) {
      const prefix = language === 'en' ? '' : `/${language}`;
      // One gallery a language: orders are rate-limited per client.
      const { code, sessionToken } = await createGalleryAt(url, { language });
      for (const viewport of [PHONE, DESKTOP]) {
        const page = await (await e2e!.browser.newContext({ viewport })).newPage();
        await page.goto(`${url}${prefix}/gallery/${code}`);
        await page.getByTestId('photo-file-input').waitFor({ state: 'attached', timeout: 45_000 });
        const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#69c' } })
          .jpeg()
          .toBuffer();
        await page
          .getByTestId('photo-file-input')
          .setInputFiles([{ name: 'IMG_2.jpg', mimeType: 'image/jpeg', buffer: photo }]);
        await page.locator('.photos-ready-form input').waitFor();
        await page.locator('.photos-ready-form').scrollIntoViewIfNeeded();
        await shoot(page, `photos-ready-field-${language}-${viewport.width}`);
        await page.goto(`${url}${prefix}/mail-stop#token=x`);
        await page.locator('.mail-stop h1').waitFor();
        await shoot(page, `mail-stop-${language}-${viewport.width}`);
        await page.close();

        const owner = await e2e!.browser.newContext({ viewport });
        await owner.addInitScript(
          ([token, chosen]) => {
            localStorage.setItem('authToken', token);
            localStorage.setItem('app-language', chosen);
          },
          [sessionToken, language],
        );
        const eventPage = await owner.newPage();
        await eventPage.goto(`${url}/event/${code}`);
        const section = eventPage.locator('#mails');
        await section.locator('[role="switch"]').first().waitFor({ timeout: 45_000 });
        await shootElement(section, `owner-digest-${language}-${viewport.width}`);
        await owner.close();
      }
    }
  }, 300_000);
});
