import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { findFreePort, startCaddy, type LocalCaddy } from '@gallery/local-servers';
import { startTestDns, type TestDns } from '@gallery/testing';
import { START_TIMEOUT_MS, STOP_TIMEOUT_MS, startBrowserTest, until, type BrowserTest } from './browser.js';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from './product-api.js';
import { sharedTestDns } from './product-test.js';

// A Premium couple puts their gallery on their own domain: the records to create, the check against a DNS
// server the test runs, then the gallery through real Caddy (its local CA, on-demand TLS) on that name, its
// photos arriving live there, a guest's heart and "Find me" there in each language. A Free couple is refused
// with the Premium message. Under npm test, on the product the browser tests share, which asks a DNS server whose
// records this file sets.

const DOMAIN = 'photos.anna-and-ben.com';

describe("a couple's own domain in the browser", () => {
  let e2e: BrowserTest | undefined;
  let dns: TestDns | undefined;
  let caddy: LocalCaddy | undefined;
  let caddyDir: string | undefined;
  let httpsPort = 0;

  beforeAll(async () => {
    // Chromium reaches the couple's name at this machine, as DNS would send it to Caddy.
    const chromiumArgs = [`--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`];
    dns = sharedTestDns();
    if (dns) {
      e2e = await startBrowserTest({ chromiumArgs });
    } else {
      dns = await startTestDns();
      e2e = await startBrowserTest({ serviceEnv: { events: { DNS_SERVERS: dns.server } }, chromiumArgs });
    }
    httpsPort = await findFreePort();
    const gateway = new URL(e2e.product.url);
    caddyDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-caddy-'));
    caddy = await startCaddy({
      dataDir: caddyDir,
      httpPort: await findFreePort(),
      httpsPort,
      upstream: gateway.host,
      askUrl: `${e2e.product.url}/api/custom-domains/allowed`,
    });
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await caddy?.stop();
    await e2e?.stop();
    await dns?.stop();
    if (caddyDir) await rm(caddyDir, { recursive: true, force: true });
  }, STOP_TIMEOUT_MS);

  async function ownerPage(code: string, sessionToken: string) {
    const context = await e2e!.browser.newContext({ viewport: { width: 360, height: 800 } });
    await context.addInitScript((token) => localStorage.setItem('authToken', token), sessionToken);
    const page = await context.newPage();
    await page.goto(`${e2e!.product.url}/event/${code}`);
    return page;
  }

  it('refuses a Free couple with the message naming Premium', async () => {
    const { code, sessionToken } = await createGalleryAt(e2e!.product.url, { email: 'free@example.com' });
    const page = await ownerPage(code, sessionToken);
    await page.getByRole('heading', { name: 'Your own domain' }).waitFor();
    await page.locator('#domain').getByText('Included with the Premium plan.').waitFor();
    // Folded on a lower plan: the fields once the couple asks to see them.
    await page.locator('#domain').getByRole('button', { name: 'See the settings' }).click();
    await page.getByLabel('Host name').fill(DOMAIN);
    await page.getByRole('button', { name: 'Use this domain' }).click();
    await page
      .getByText(
        'A custom domain comes with the Premium plan. Upgrade this gallery to Premium to show it on your own domain.',
      )
      .waitFor();
    await page.locator('#domain').getByRole('link', { name: 'Upgrade to Premium' }).waitFor();
  }, 120_000);

  it('shows the records, verifies them against DNS, and serves the gallery on the domain through Caddy', async () => {
    const url = e2e!.product.url;
    const { code, ownerToken, sessionToken } = await createGalleryAt(url, {
      coupleNames: 'Anna & Ben',
      email: 'anna@example.com',
    });
    const { startCheckout } = await graphqlAt<{ startCheckout: { id: string } }>(
      url,
      'mutation ($code: String!) { startCheckout(eventCode: $code, plan: PREMIUM) { id } }',
      { code },
      ownerToken,
    );
    await graphqlAt(url, 'mutation ($id: ID!) { payDemoCheckout(id: $id) { status } }', {
      id: startCheckout.id,
    });
    const [firstPhoto] = await uploadGuestPhotos(url, code, 1);

    const page = await ownerPage(code, sessionToken);
    await page.getByRole('heading', { name: 'Your own domain' }).waitFor();
    await page.getByLabel('Host name').fill(`https://${DOMAIN}/`);
    await page.getByRole('button', { name: 'Use this domain' }).click();
    await page.getByText('Waiting for DNS: the records have not appeared yet.').waitFor({ timeout: 30_000 });
    const cname = page.locator('[data-record="CNAME"] code');
    const txt = page.locator('[data-record="TXT"] code');
    expect(await cname.nth(0).textContent()).toBe(DOMAIN);
    const target = (await cname.nth(1).textContent())!;
    expect(target).toBe(new URL(url).hostname);
    const txtName = (await txt.nth(0).textContent())!;
    const txtValue = (await txt.nth(1).textContent())!;
    expect(txtName).toBe(`_gallery-verification.${DOMAIN}`);
    await page.screenshot({ path: path.join(os.tmpdir(), 'custom-domain-records-360.png'), fullPage: true });

    // The couple creates the CNAME only: the check says which record is missing.
    dns!.setCname(DOMAIN, target);
    await page.getByRole('button', { name: 'Check again' }).click();
    await until('the check to fail on the TXT record', async () =>
      ((await page.getByTestId('domain-state').textContent()) ?? '').startsWith(
        `The check failed: the TXT record ${txtName} was not found.`,
      ),
    );
    dns!.setTxt(txtName, txtValue);
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByText('Verified: the gallery is live at this address.').waitFor();
    const domainUrl = `https://${DOMAIN}/`;
    await page.getByRole('link', { name: domainUrl }).waitFor();
    await page.getByTestId('domain-qr').waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({
      path: path.join(os.tmpdir(), 'custom-domain-verified-1280.png'),
      fullPage: true,
    });

    // A guest opens the couple's name (Caddy on its own port here, 443 in production).
    const guestContext = await e2e!.browser.newContext({ ignoreHTTPSErrors: true });
    const guest = await guestContext.newPage();
    const site = `https://${DOMAIN}:${httpsPort}`;
    // The photo links are on the couple's domain: the page asks the gallery's photo there.
    const photoLink = guest.waitForRequest((asked) =>
      asked.url().startsWith(`${site}/media/photos/${firstPhoto}/thumbnail`),
    );
    const response = await guest.goto(`${site}/`);
    expect(response?.status()).toBe(200);
    await guest.getByRole('heading', { name: 'Anna & Ben' }).waitFor({ timeout: 30_000 });
    await photoLink;
    // (Its redirect then goes to the test's plain-http storage, which the page's upgrade-insecure-requests turns
    // into https that this storage does not speak, so the tile may show "unavailable": production's is https.)
    await guest.locator(`[data-photo-id="${firstPhoto}"]`).waitFor({ state: 'attached' });
    // Photos arrive live over the socket on the couple's domain, their links there too (the answers read
    // without the cache as well as those read through it).
    const liveLinks: string[] = [];
    guest.on('request', (asked) => {
      if (asked.url().includes('/media/photos/')) liveLinks.push(asked.url());
    });
    const [secondPhoto] = await uploadGuestPhotos(url, code, 1);
    await guest.locator(`[data-photo-id="${secondPhoto}"]`).waitFor({ state: 'attached', timeout: 30_000 });
    await until("the live photo asked on the couple's domain", async () =>
      liveLinks.some((link) => link.startsWith(`${site}/media/photos/${secondPhoto}/thumbnail`)),
    );
    // A guest's heart: the guest identity and the heart's operations pass on the couple's domain.
    const heart = guest.locator(`[data-heart-photo-id="${firstPhoto}"]`);
    await heart.click();
    await until('the heart given', async () => (await heart.getAttribute('aria-pressed')) === 'true');

    // "Find me" once the couple turns it on: its link, its page and its query on the couple's domain.
    await graphqlAt(
      url,
      'mutation ($code: String!) { setFindMe(eventCode: $code, on: true) { on } }',
      { code },
      ownerToken,
    );
    const refused: string[] = [];
    guest.on('response', (answer) => {
      if (answer.url() === `${site}/graphql` && answer.status() === 403) refused.push(answer.url());
    });
    await guest.reload();
    await guest.getByRole('link', { name: 'Find my photos' }).click();
    await guest.waitForURL(`${site}/find-me`);
    await guest.getByRole('heading', { name: 'Find my photos' }).waitFor();
    await guest.getByRole('button', { name: 'Choose a photo of yourself' }).waitFor();
    // Back to the gallery on the couple's domain.
    await guest.getByRole('link', { name: 'Back to the gallery' }).click();
    await guest.waitForURL(`${site}/`);
    await guest.getByRole('heading', { name: 'Anna & Ben' }).waitFor();
    // In French, opened directly: the page, its words and its way back stay on the couple's domain.
    const french = await guest.goto(`${site}/fr/find-me`);
    expect(french?.status()).toBe(200);
    await guest.getByRole('heading', { name: 'Retrouver mes photos' }).waitFor();
    await guest.getByRole('button', { name: 'Choisir une photo de vous' }).waitFor();
    expect(await guest.getByRole('link', { name: 'Retour à la galerie' }).getAttribute('href')).toBe('/fr');
    expect(refused).toEqual([]);

    // Nothing but this gallery there.
    const elsewhere = await guest.goto(`${site}/dashboard`);
    expect(elsewhere?.status()).toBe(404);
    await guest.getByRole('link', { name: 'See the gallery' }).waitFor();
    await guestContext.close();
  }, 180_000);
});
