import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, type BrowserTest } from './browser.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from './product-api.js';

// Photo challenges from the couple's event page to a guest's phone and the venue's wall, through the product as
// it runs: events owns the prompts, media hears of them through the outbox and checks each upload against them.

const SET = `mutation ($code: String!, $challenges: [ChallengePromptInput!]!) {
  setChallenges(eventCode: $code, challenges: $challenges) { id prompt }
}`;
const CHALLENGES = `query ($code: String!) { event(code: $code) { challenges { id prompt photoCount } } }`;
const CREATE_LINK = `mutation ($code: String!) { createWallLink(eventCode: $code) { url } }`;
const SET_INTERVAL = `mutation ($code: String!, $seconds: Int!) { setWallInterval(eventCode: $code, seconds: $seconds) }`;

interface CountedChallenge {
  id: string;
  prompt: string;
  photoCount: number;
}

const jpeg = () =>
  sharp(randomBytes(64 * 48 * 3), { raw: { width: 64, height: 48, channels: 3 } })
    .jpeg()
    .toBuffer();

describe('photo challenges', () => {
  let e2e: BrowserTest | undefined;

  beforeAll(async () => {
    e2e = await startBrowserTest();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  /** Media's list of the gallery's challenges once it holds `count` of them: the couple's change reached it. */
  async function mediaChallenges(code: string, count: number): Promise<CountedChallenge[]> {
    for (;;) {
      const { event } = await graphqlAt<{ event: { challenges: CountedChallenge[] } }>(
        e2e!.product.url,
        CHALLENGES,
        {
          code,
        },
      );
      if (event.challenges.length === count) return event.challenges;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function openPage(path: string, token?: string, width = 1280): Promise<Page> {
    const context = await e2e!.browser.newContext({ viewport: { width, height: 900 } });
    if (token) await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}${path}`);
    return page;
  }

  it("carries the couple's challenges to media, which refuses an upload for any other", async () => {
    const url = e2e!.product.url;
    const { code, ownerToken } = await createGalleryAt(url);
    const { setChallenges } = await graphqlAt<{ setChallenges: { id: string; prompt: string }[] }>(
      url,
      SET,
      { code, challenges: [{ prompt: 'A selfie with the bride' }, { prompt: 'The first dance' }] },
      ownerToken,
    );
    const counted = await mediaChallenges(code, 2);
    expect(counted).toEqual(setChallenges.map((challenge) => ({ ...challenge, photoCount: 0 })));

    await uploadGuestPhotos(url, code, 2, { challengeId: setChallenges[1].id });
    expect((await mediaChallenges(code, 2))[1].photoCount).toBe(2);
    const other = await createGalleryAt(url);
    await expect(uploadGuestPhotos(url, other.code, 1, { challengeId: setChallenges[0].id })).rejects.toThrow(
      'CHALLENGE_NOT_FOUND',
    );
  }, 120_000);

  it('lets a guest pick a challenge, upload, filter by it and see their progress move', async () => {
    const url = e2e!.product.url;
    const { code, sessionToken } = await createGalleryAt(url);

    // The couple writes one prompt, picks a suggestion, and is told in words what is wrong before saving.
    const couple = await openPage(`/event/${code}`, sessionToken);
    const section = couple.locator('#challenges');
    // A triangle before "Suggestions" says the row opens: the word does not start where the row does.
    const inset = await section.locator('.challenge-suggestions summary').evaluate((summary) => {
      const range = document.createRange();
      range.selectNodeContents(summary);
      return range.getBoundingClientRect().left - summary.getBoundingClientRect().left;
    });
    expect(inset).toBeGreaterThan(8);
    await section.getByText('Suggestions', { exact: true }).click();
    await section.getByRole('button', { name: 'Add the suggestion: A selfie with the bride' }).click();
    await section.getByRole('button', { name: 'Add a challenge' }).click();
    await section.getByRole('textbox', { name: 'Challenge 2' }).fill('x'.repeat(81));
    await section.getByRole('button', { name: 'Save challenges' }).click();
    await section.getByText('Please keep each challenge to 80 characters.').waitFor();
    await section.getByRole('textbox', { name: 'Challenge 2' }).fill('<b>The best dance move</b>');
    await section.getByRole('button', { name: 'Save challenges' }).click();
    await section.getByText('Challenges saved. Guests see them in the gallery.').waitFor();
    const [selfie, dance] = await mediaChallenges(code, 2);
    expect(dance.prompt).toBe('<b>The best dance move</b>');

    const guest = await openPage(`/gallery/${code}`, undefined, 360);
    const progress = guest.getByTestId('challenge-progress');
    await guest.getByRole('heading', { name: 'Photo challenges' }).waitFor();
    expect(await progress.textContent()).toBe('0 of 2 done');
    // Folded under one line below the landing: its title and progress; the cards once unfolded.
    expect(await guest.locator('.challenge-prompt').first().isVisible()).toBe(false);
    const unfold = guest.getByRole('button', { name: 'Show the challenges' });
    expect(await unfold.getAttribute('aria-expanded')).toBe('false');
    await unfold.click();
    // Markup the couple typed shows as typed.
    await guest.locator('.challenge-prompt', { hasText: '<b>The best dance move</b>' }).waitFor();

    // Picked among the challenges, then uploaded with Upload Photos.
    await guest.getByLabel('Challenge for your next photos').selectOption(selfie.id);
    await guest
      .getByTestId('photo-file-input')
      .setInputFiles([{ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpeg() }]);
    await guest.locator('[data-testid="upload-panel"][data-ended="true"]').waitFor({ timeout: 30_000 });
    await guest.getByText('1 of 2 done').waitFor();

    // The filter shows the photo with the challenge's count, and another guest's photo moves both live.
    const filter = guest.getByLabel('Show');
    await guest.locator(`option[value="${selfie.id}"]`, { hasText: 'A selfie with the bride (1)' }).waitFor({
      state: 'attached',
    });
    await filter.selectOption(selfie.id);
    await guest.locator('img[data-photo-id]').first().waitFor();
    expect(await guest.locator('img[data-photo-id]').count()).toBe(1);
    const [fromAnother] = await uploadGuestPhotos(url, code, 1, { challengeId: selfie.id });
    await guest.locator(`img[data-photo-id="${fromAnother}"]`).waitFor();
    await guest.locator(`option[value="${selfie.id}"]`, { hasText: 'A selfie with the bride (2)' }).waitFor({
      state: 'attached',
    });
    expect(await guest.locator('img[data-photo-id]').count()).toBe(2);
    // Another guest's photo is not this browser's progress.
    expect(await progress.textContent()).toBe('1 of 2 done');

    // From the challenge's card.
    const chooser = guest.waitForEvent('filechooser');
    await guest
      .getByRole('button', { name: 'Upload for this challenge: <b>The best dance move</b>' })
      .click();
    await (await chooser).setFiles([{ name: 'dance.jpg', mimeType: 'image/jpeg', buffer: await jpeg() }]);
    await guest.getByText('2 of 2 done').waitFor({ timeout: 30_000 });
    await guest.locator(`option[value="${dance.id}"]`, { hasText: '(1)' }).waitFor({ state: 'attached' });
    // Kept on this browser: a reload shows the same progress.
    await guest.reload();
    await guest.getByText('2 of 2 done').waitFor();
  }, 180_000);

  it("shows a photo's prompt under it on the wall", async () => {
    const url = e2e!.product.url;
    const { code, ownerToken } = await createGalleryAt(url);
    const { setChallenges } = await graphqlAt<{ setChallenges: { id: string }[] }>(
      url,
      SET,
      { code, challenges: [{ prompt: 'The cake before it is cut' }] },
      ownerToken,
    );
    await mediaChallenges(code, 1);
    await graphqlAt(url, SET_INTERVAL, { code, seconds: 60 }, ownerToken);
    const [photo] = await uploadGuestPhotos(url, code, 1, {
      challengeId: setChallenges[0].id,
      guestName: 'Anna',
    });
    const { createWallLink } = await graphqlAt<{ createWallLink: { url: string } }>(
      url,
      CREATE_LINK,
      { code },
      ownerToken,
    );
    const context = await e2e!.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const wall = await context.newPage();
    await wall.goto(createWallLink.url.replace(/^https?:\/\/[^/]+/, url));
    await wall.locator(`[data-testid="wall-media"][data-photo-id="${photo}"]`).waitFor({ timeout: 15_000 });
    const caption = wall.getByTestId('wall-caption');
    await caption.getByText('The cake before it is cut').waitFor();
    await caption.getByText('by Anna').waitFor();
  }, 120_000);
});
