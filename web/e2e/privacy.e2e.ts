import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { en } from '@gallery/contracts';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, type BrowserTest } from './browser.js';
import { createGalleryAt, uploadGuestPhotos } from './product-api.js';

// The couple's privacy settings as they use them on the event page, and what a guest then meets in the gallery:
// the product as npm start runs it, and Chromium. With SCREENSHOTS=dir, the Privacy section is saved there.

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

/** A datetime-local value `hours` from now, in the browser's time zone (the test's, as both run here). */
function localInput(hours: number): string {
  const date = new Date(Date.now() + hours * 60 * 60 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

describe("the couple's privacy settings in the browser", () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  /** A page at `path`, as the couple when given the owner token (kept where the app keeps it). */
  async function open(path: string, ownerToken?: string, viewport = DESKTOP) {
    const context = await e2e!.browser.newContext({ viewport, acceptDownloads: true });
    if (ownerToken) {
      await context.addInitScript((token) => localStorage.setItem('authToken', token), ownerToken);
    }
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}${path}`);
    return page;
  }

  it('lets the couple close uploads and keep originals from guests; the gallery follows', async () => {
    const url = e2e!.product.url;
    const { code, sessionToken: ownerToken } = await createGalleryAt(url);
    const [photoId] = await uploadGuestPhotos(url, code, 1);

    const event = await open(`/event/${code}`, ownerToken);
    const privacy = event.locator('#privacy');
    await privacy.getByRole('heading', { name: 'Guests and privacy' }).waitFor({ timeout: 45_000 });

    // A close in the past is refused with the shared text; one tonight is saved.
    // Each time saves when its field is left.
    await privacy.getByLabel('Uploads close').fill(localInput(-2));
    await privacy.getByLabel('Uploads close').blur();
    await privacy.getByText(en.errors.UPLOADS_CLOSE_IN_PAST).waitFor();
    await privacy.getByLabel('Uploads open').fill(localInput(1));
    await privacy.getByLabel('Uploads close').fill(localInput(6));
    await privacy.getByLabel('Uploads close').blur();
    await privacy.locator('[data-testid="privacy-status"][data-state="saved"]').waitFor();

    // Guests' originals off, at once.
    const originals = privacy.getByRole('switch', { name: 'Guests may download originals' });
    expect(await originals.isChecked()).toBe(true);
    await originals.click();
    await event.waitForFunction(
      () =>
        !(document.querySelector('#privacy [data-testid="originals"] [role="switch"]') as HTMLInputElement)
          .checked,
    );
    await privacy.locator('[data-testid="originals-status"][data-state="saved"]').waitFor();
    for (const viewport of [PHONE, DESKTOP]) {
      await event.setViewportSize(viewport);
      expect(await event.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      await privacy.scrollIntoViewIfNeeded();
      if (process.env.SCREENSHOTS) {
        await event.screenshot({ path: `${process.env.SCREENSHOTS}/event-privacy-${viewport.width}.png` });
      }
    }

    // The guest: uploads not open yet, and the viewer offers no original; the link refuses it anyway.
    const guest = await open(`/gallery/${code}`);
    await guest.getByTestId('upload-window-note').waitFor({ timeout: 45_000 });
    expect(await guest.getByTestId('upload-window-note').textContent()).toMatch(/^Uploads open on /);
    await guest.locator(`img[data-photo-id="${photoId}"]`).click();
    const viewer = guest.getByRole('dialog');
    await viewer.getByRole('heading').first().waitFor();
    expect(await viewer.getByRole('link', { name: 'Download original' }).count()).toBe(0);
    const refused = await guest.evaluate(
      async (id) => (await fetch(`/media/photos/${id}/original`)).status,
      photoId,
    );
    expect(refused).toBe(403);

    // The couple still downloads the original from the viewer.
    const couple = await open(`/gallery/${code}`, ownerToken);
    await couple.locator(`img[data-photo-id="${photoId}"]`).click({ timeout: 45_000 });
    const download = couple.waitForEvent('download', { timeout: 60_000 });
    await couple.getByRole('dialog').getByRole('link', { name: 'Download original' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.jpe?g$/i);
  }, 180_000);
});
