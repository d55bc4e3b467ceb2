import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  seriousViolations,
  startBrowserTest,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, graphqlAt } from './product-api.js';

// The couple's approval queue with guests watching: the product as npm start runs it, and Chromium. With
// SCREENSHOTS=dir, the queue screen is saved there at 360 and 1280 px, in English and French.

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

const SET_PRIVACY = `mutation ($code: String!, $settings: PrivacySettingsInput!) {
  setPrivacySettings(eventCode: $code, settings: $settings) { code }
}`;

describe('approval before photos show, in the browser', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  /** A page at `path` in a browser of its own (a guest is a browser); as the couple when given their token. */
  async function open(path: string, ownerToken?: string, viewport = DESKTOP, language = 'en') {
    const context = await e2e!.browser.newContext({ viewport });
    await context.addInitScript(
      ([token, chosen]) => {
        if (token) localStorage.setItem('authToken', token);
        localStorage.setItem('app-language', chosen);
      },
      [ownerToken ?? '', language] as const,
    );
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}${path}`);
    return page;
  }

  /** A guest's page uploads one photo through the file input; the id of the photo it then shows. */
  async function uploadThroughPage(page: Awaited<ReturnType<typeof open>>, colour: string): Promise<string> {
    const before = await page.locator('img[data-photo-id]').count();
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('photo-file-input')
      .setInputFiles([{ name: 'IMG_1.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await page.locator('[data-testid="upload-panel"][data-ended="true"]').waitFor({ timeout: 30_000 });
    await page.waitForFunction(
      (count) => document.querySelectorAll('img[data-photo-id]').length > count,
      before,
    );
    return (await page.locator('img[data-photo-id]').first().getAttribute('data-photo-id'))!;
  }

  it("keeps a guest's photo waiting until the couple approves it, then brings it live; hiding removes it live", async () => {
    const url = e2e!.product.url;
    const { code, sessionToken } = await createGalleryAt(url);
    await graphqlAt(
      url,
      SET_PRIVACY,
      { code, settings: { guestOriginalsAllowed: true, approval: true } },
      sessionToken,
    );

    const anna = await open(`/gallery/${code}`, undefined, PHONE);
    const tom = await open(`/gallery/${code}`);
    await tom.getByTestId('photo-file-input').waitFor({ state: 'attached', timeout: 45_000 });
    const waiting = await uploadThroughPage(anna, '#c96');
    // Anna sees her photo marked as waiting, after a reload too.
    const mark = anna
      .locator('li', { has: anna.locator(`img[data-photo-id="${waiting}"]`) })
      .getByTestId('waiting-mark');
    expect(await mark.textContent()).toBe('Waiting for approval');
    await anna.reload();
    await mark.waitFor({ timeout: 45_000 });
    // Tom's page, open all along, does not show it; nor after a reload; its link answers as for no photo.
    await tom.reload();
    await tom.getByTestId('photo-file-input').waitFor({ state: 'attached', timeout: 45_000 });
    expect(await tom.locator('img[data-photo-id]').count()).toBe(0);
    expect(
      await tom.evaluate(async (id) => (await fetch(`/media/photos/${id}/thumbnail`)).status, waiting),
    ).toBe(404);

    // The couple sees how many wait on the event page, and approves it on the queue screen.
    const event = await open(`/event/${code}`, sessionToken);
    await event
      .getByTestId('review-queue-link')
      .getByText('1 photo waits for your approval.')
      .waitFor({ timeout: 45_000 });
    await event.getByRole('link', { name: 'Open the approval queue' }).click();
    const queue = event.getByTestId('review-queue');
    await queue.locator(`[data-photo-id="${waiting}"] img`).waitFor({ timeout: 45_000 });
    await event.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.review-grid img')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    if (process.env.SCREENSHOTS) {
      for (const viewport of [PHONE, DESKTOP]) {
        await event.setViewportSize(viewport);
        expect(await event.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
        await event.evaluate(() => window.scrollTo(0, 0));
        await event.screenshot({
          path: `${process.env.SCREENSHOTS}/approval-queue-en-${viewport.width}.png`,
          fullPage: true,
        });
        const french = await open(`/event/${code}/review`, sessionToken, viewport, 'fr');
        await french.getByTestId('review-queue').locator('img').first().waitFor({ timeout: 45_000 });
        // French texts load after the page: the title in French says they are in.
        await french.getByRole('heading', { name: 'File d’approbation' }).waitFor();
        await french.waitForFunction(() =>
          [...document.querySelectorAll<HTMLImageElement>('.review-grid img')].every(
            (img) => img.complete && img.naturalWidth > 0,
          ),
        );
        expect(await french.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
        await french.screenshot({
          path: `${process.env.SCREENSHOTS}/approval-queue-fr-${viewport.width}.png`,
          fullPage: true,
        });
        await french.context().close();
      }
      await event.setViewportSize(DESKTOP);
    }
    // Photos and Messages are the queue's tabs, Photos chosen; Waiting and Hidden a switch within its panel.
    const photosTab = event.getByRole('tab', { name: 'Photos 1 waiting', exact: true });
    const messagesTab = event.getByRole('tab', { name: 'Messages 0 waiting', exact: true });
    expect(await event.getByRole('tablist', { name: 'What to review' }).getByRole('tab').count()).toBe(2);
    expect(await photosTab.getAttribute('aria-selected')).toBe('true');
    expect(await messagesTab.getAttribute('aria-selected')).toBe('false');
    const panel = event.getByRole('tabpanel', { name: 'Photos 1 waiting', exact: true });
    expect(
      await panel.getByRole('group', { name: 'Which photos' }).getByRole('button').allTextContents(),
    ).toEqual(['Waiting (1)', 'Shown (0)', 'Hidden (0)']);
    expect(await panel.getByRole('button', { name: 'Waiting (1)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await panel.getByRole('checkbox', { name: 'Select photo 1 of 1' }).waitFor();
    // The arrow keys move between the tabs and show the one they reach; only the chosen tab is in the Tab order.
    // The focus lands once the tab shows as chosen: what each tab said of itself the moment it took the focus.
    await photosTab.focus();
    await event.evaluate(() => {
      const host = window as unknown as { selectedWhenFocused: (string | null)[] };
      host.selectedWhenFocused = [];
      document.addEventListener('focusin', (focused) =>
        host.selectedWhenFocused.push((focused.target as Element).getAttribute('aria-selected')),
      );
    });
    await event.keyboard.press('ArrowRight');
    await event.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'review-messages-tab',
    );
    expect(
      await event.evaluate(
        () => (window as unknown as { selectedWhenFocused: string[] }).selectedWhenFocused,
      ),
    ).toEqual(['true']);
    expect(await messagesTab.getAttribute('aria-selected')).toBe('true');
    expect(await photosTab.getAttribute('aria-selected')).toBe('false');
    expect(await messagesTab.getAttribute('tabindex')).toBe('0');
    expect(await photosTab.getAttribute('tabindex')).toBe('-1');
    expect(new URL(event.url()).searchParams.get('show')).toBe('messages');
    await event
      .getByRole('tabpanel', { name: 'Messages 0 waiting', exact: true })
      .getByText('Nothing waits for your approval.')
      .waitFor();
    expect(await event.getByRole('button', { name: 'Select all messages shown' }).isDisabled()).toBe(true);
    await event.keyboard.press('ArrowLeft');
    await event.waitForFunction(() => document.activeElement?.id === 'review-tab-photos');
    expect(await photosTab.getAttribute('aria-selected')).toBe('true');
    await queue.locator(`[data-photo-id="${waiting}"] img`).waitFor();
    expect(await event.getByRole('button', { name: 'Select all photos shown' }).isEnabled()).toBe(true);
    expect(await seriousViolations(event)).toEqual([]);
    // Keyboard: the photo's checkbox by Space, then the selection approved.
    await queue.getByRole('checkbox', { name: 'Select photo 1 of 1' }).focus();
    await event.keyboard.press('Space');
    await event.getByTestId('approve-selected').click();
    await event.getByText('1 photo approved.').waitFor();
    await tom.locator(`img[data-photo-id="${waiting}"]`).waitFor({ timeout: 30_000 });
    await anna.locator(`img[data-photo-id="${waiting}"]`).waitFor();
    // Anna's own copy loses its mark as the approved one arrives, without a reload.
    await mark.waitFor({ state: 'detached', timeout: 30_000 });

    // On a phone in French, the couple's viewer keeps each of its controls on screen, the close button too.
    const phone = await open(`/fr/gallery/${code}`, sessionToken, PHONE, 'fr');
    await phone.locator(`img[data-photo-id="${waiting}"]`).click({ timeout: 45_000 });
    await phone.getByRole('button', { name: 'Masquer aux invités' }).waitFor();
    const offScreen = await phone.evaluate(() =>
      [...document.querySelectorAll('.photo-viewer-top button')]
        .filter((button) => {
          const box = button.getBoundingClientRect();
          return box.left < 0 || box.right > window.innerWidth;
        })
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    );
    expect(offScreen).toEqual([]);
    await phone.getByRole('button', { name: 'Fermer' }).click();
    await phone.context().close();

    // The couple hides it from their gallery's viewer: it leaves Tom's open screen, and waits on the Hidden tab.
    const gallery = await open(`/gallery/${code}`, sessionToken);
    await gallery.locator(`img[data-photo-id="${waiting}"]`).click({ timeout: 45_000 });
    await gallery.getByRole('button', { name: 'Hide from guests' }).click();
    await tom.locator(`img[data-photo-id="${waiting}"]`).waitFor({ state: 'detached', timeout: 30_000 });
    await gallery.locator(`img[data-photo-id="${waiting}"]`).waitFor({ state: 'detached' });
    const hidden = await graphqlAt<{ reviewQueue: { photos: { nodes: { id: string }[] } } }>(
      url,
      'query ($code: String!) { reviewQueue(eventCode: $code, state: HIDDEN) { photos { nodes { id } } } }',
      { code },
      sessionToken,
    );
    expect(hidden.reviewQueue.photos.nodes.map((photo) => photo.id)).toEqual([waiting]);

    // A second waiting photo hidden on the queue screen leaves its uploader's screen.
    const second = await uploadThroughPage(anna, '#69c');
    await event.reload();
    await queue.locator(`li[data-photo-id="${second}"]`).waitFor({ timeout: 45_000 });
    await queue.getByRole('button', { name: 'Hide photo 1' }).click();
    await event.getByText('1 photo hidden.').waitFor();
    await anna.locator(`img[data-photo-id="${second}"]`).waitFor({ state: 'detached', timeout: 30_000 });
  }, 300_000);
  it("keeps a guest's guestbook message from other screens until the couple approves it on the queue", async () => {
    const url = e2e!.product.url;
    const { code, sessionToken } = await createGalleryAt(url);
    await graphqlAt(
      url,
      SET_PRIVACY,
      { code, settings: { guestOriginalsAllowed: true, approval: true } },
      sessionToken,
    );
    const anna = await open(`/gallery/${code}`, undefined, PHONE);
    const tom = await open(`/gallery/${code}`);
    const couple = await open(`/gallery/${code}`, sessionToken);
    for (const page of [anna, tom, couple]) await page.getByTestId('guestbook').waitFor({ timeout: 45_000 });

    const wish = 'Congratulations, both of you!';
    await anna.getByLabel('Leave a message for the couple').fill(wish);
    await anna.getByRole('button', { name: 'Send message' }).click();
    const own = anna.getByTestId('guestbook-message').filter({ hasText: wish });
    const mark = own.getByTestId('guestbook-waiting');
    await mark.waitFor({ timeout: 30_000 });
    // The couple's own message needs no approval and reaches Tom live; the waiting one, published first had it
    // been published, has not come with it.
    await couple.getByLabel('Leave a message for the couple').fill('Thank you all!');
    await couple.getByRole('button', { name: 'Send message' }).click();
    await tom
      .getByTestId('guestbook-message')
      .filter({ hasText: 'Thank you all!' })
      .waitFor({ timeout: 30_000 });
    expect(await tom.getByTestId('guestbook-message').allTextContents()).toEqual([
      expect.stringContaining('Thank you all!'),
    ]);

    // The event page counts it; the queue opens on its Messages tab, where the couple approves it by keyboard.
    const event = await open(`/event/${code}`, sessionToken);
    await event
      .getByTestId('review-queue-link')
      .getByText('1 guestbook message waits for your approval.')
      .waitFor({ timeout: 45_000 });
    await event.getByRole('link', { name: 'Open the approval queue' }).click();
    const queue = event.getByTestId('review-messages');
    await queue.getByText(wish).waitFor({ timeout: 45_000 });
    const messagesTab = event.getByRole('tab', { name: 'Messages 1 waiting', exact: true });
    expect(await messagesTab.getAttribute('aria-selected')).toBe('true');
    expect(await seriousViolations(event)).toEqual([]);
    if (process.env.SCREENSHOTS) {
      for (const viewport of [PHONE, DESKTOP]) {
        await event.setViewportSize(viewport);
        expect(await event.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
        await event.evaluate(() => window.scrollTo(0, 0));
        await event.screenshot({
          path: `${process.env.SCREENSHOTS}/approval-messages-en-${viewport.width}.png`,
          fullPage: true,
        });
        const spanish = await open(`/event/${code}/review?show=messages`, sessionToken, viewport, 'es');
        await spanish.getByRole('tab', { name: 'Mensajes 1 pendiente' }).waitFor({ timeout: 45_000 });
        await spanish.getByTestId('review-messages').getByText(wish).waitFor();
        expect(await spanish.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
        await spanish.screenshot({
          path: `${process.env.SCREENSHOTS}/approval-messages-es-${viewport.width}.png`,
          fullPage: true,
        });
        await spanish.context().close();
      }
      await event.setViewportSize(DESKTOP);
    }
    // In Spanish, each tab's texts agree with what it shows: messages (masculine), photos (feminine).
    const spanish = await open(`/event/${code}/review?show=messages`, sessionToken, PHONE, 'es');
    const mensajes = spanish.getByRole('tab', { name: 'Mensajes 1 pendiente', exact: true });
    await mensajes.waitFor({ timeout: 45_000 });
    expect(await mensajes.getAttribute('aria-selected')).toBe('true');
    await spanish.getByRole('button', { name: 'Seleccionar todos los mensajes', exact: true }).waitFor();
    expect(await spanish.getByText('0 seleccionados').count()).toBe(1);
    await spanish.getByRole('button', { name: 'Ocultos (0)' }).waitFor();
    await spanish.getByRole('tab', { name: 'Fotos 0 pendientes', exact: true }).click();
    await spanish.getByRole('button', { name: 'Seleccionar todas las fotos', exact: true }).waitFor();
    expect(await spanish.getByText('0 seleccionadas').count()).toBe(1);
    await spanish.getByRole('button', { name: 'Ocultas (0)' }).waitFor();
    expect(await spanish.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await spanish.context().close();

    await queue.getByRole('checkbox', { name: 'Select message 1 of 1' }).focus();
    await event.keyboard.press('Space');
    await event.getByTestId('approve-selected').click();
    await event.getByText('1 message approved.').waitFor();
    // Tom's screen, open all along, gets it live; Anna's loses its mark.
    await tom.getByTestId('guestbook-message').filter({ hasText: wish }).waitFor({ timeout: 30_000 });
    await mark.waitFor({ state: 'detached', timeout: 30_000 });
  }, 300_000);
});
