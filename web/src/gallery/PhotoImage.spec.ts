import { describe, expect, it } from '@jest/globals';
import { installJsdomGlobals } from '../testing/jsdomGlobals';

// A guest flinging through a gallery of thousands passes hundreds of tiles a second: a tile that leaves the page
// with its thumbnail still loading cancels that download (an image without a source has nothing to load), so
// the tiles the guest stops on do not wait behind it, and cancels it while the tile is still in the document;
// a thumbnail already drawn is left as it is.

const { dom } = installJsdomGlobals('<!doctype html><html><body></body></html>', 'https://gallery.test/', [
  'window',
  'document',
  'navigator',
  'HTMLElement',
  'Node',
  'Event',
  'MutationObserver',
]);

const { act, createElement, StrictMode } = await import('react');
const { createRoot } = await import('react-dom/client');
const { IMAGE_RETRY_WAITS_MS, PhotoImage } = await import('./PhotoImage');
const { TILE_SETTLE_MS } = await import('./tileSettling');
const { I18nextProvider } = await import('react-i18next');
const { testTranslations } = await import('../i18n/testTranslations');

const document = dom.window.document;

describe('a photo tile leaving the page', () => {
  it('cancels a thumbnail still loading and leaves one already drawn', async () => {
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    const tile = (id: string) =>
      createElement(PhotoImage, { src: `/media/photos/${id}/thumbnail`, alt: id, 'data-photo-id': id });
    await act(async () =>
      root.render([
        createElement('span', { key: 'a' }, tile('loading')),
        createElement('span', { key: 'b' }, tile('drawn')),
      ]),
    );
    const loading = document.querySelector<HTMLImageElement>('img[data-photo-id="loading"]')!;
    const drawn = document.querySelector<HTMLImageElement>('img[data-photo-id="drawn"]')!;
    Object.defineProperty(loading, 'complete', { value: false });
    Object.defineProperty(drawn, 'complete', { value: true });
    // Chromium keeps an image whose source changes after it left the document among the document's viewport
    // listeners for good: every tile passed would stay in memory.
    let inDocumentWhenCancelled: boolean | null = null;
    const removeAttribute = loading.removeAttribute.bind(loading);
    loading.removeAttribute = (name: string) => {
      inDocumentWhenCancelled = loading.isConnected;
      removeAttribute(name);
    };

    await act(async () => root.unmount());
    expect(loading.hasAttribute('src')).toBe(false);
    expect(inDocumentWhenCancelled).toBe(true);
    expect(drawn.getAttribute('src')).toBe('/media/photos/drawn/thumbnail');
  });

  it("keeps loading through React's rehearsal of an unmount and a mount (development mode)", async () => {
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () =>
      root.render(
        createElement(
          StrictMode,
          null,
          createElement(PhotoImage, {
            src: '/media/photos/kept/thumbnail',
            alt: 'kept',
            'data-photo-id': 'kept',
          }),
        ),
      ),
    );
    const image = document.querySelector<HTMLImageElement>('img[data-photo-id="kept"]')!;
    // Still loading in jsdom (no image is ever decoded): the rehearsal's unmount took its source away.
    expect(image.complete).toBe(false);
    expect(image.getAttribute('src')).toBe('/media/photos/kept/thumbnail');
    await act(async () => root.unmount());
  });
});

// Each thumbnail asked for is a download and an image Chromium frees only at its next full collection, all at once:
// a tile a fling passes in a frame asks for nothing; one the guest stops on, or one in a still page, does.
describe('a grid tile and the scroll', () => {
  const tile = (id: string) =>
    createElement(PhotoImage, {
      src: `/media/photos/${id}/thumbnail`,
      alt: id,
      'data-photo-id': id,
      waitWhileScrolling: true,
    });
  /** The sources the page's images were given, in order. */
  const sourcesGiven = () => {
    const given: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const source = (record.target as Element).getAttribute('src');
        if (source) given.push(source);
      }
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['src'],
    });
    return { given, stop: () => observer.disconnect() };
  };
  const waitFor = async (done: () => boolean) => {
    const started = Date.now();
    while (!done()) {
      if (Date.now() - started > 5000) throw new Error('waited 5 s');
      await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    }
  };

  it('asks at once for a tile that comes into a still page', async () => {
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    await waitFor(() => performance.now() > TILE_SETTLE_MS);
    await act(async () => root.render(tile('still')));
    expect(document.querySelector('img[data-photo-id="still"]')!.getAttribute('src')).toBe(
      '/media/photos/still/thumbnail',
    );
    await act(async () => root.unmount());
  });

  it('asks for a tile that came in during a scroll once it stayed, and never for one passed', async () => {
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    const watched = sourcesGiven();
    dom.window.dispatchEvent(new dom.window.Event('scroll'));
    await act(async () => root.render([createElement('span', { key: 'passed' }, tile('passed'))]));
    dom.window.dispatchEvent(new dom.window.Event('scroll'));
    await act(async () => root.render([createElement('span', { key: 'stopped' }, tile('stopped'))]));
    const stopped = document.querySelector<HTMLImageElement>('img[data-photo-id="stopped"]')!;
    expect(stopped.hasAttribute('src')).toBe(false);
    expect(stopped.getAttribute('alt')).toBe('stopped');
    await waitFor(() => stopped.hasAttribute('src'));
    watched.stop();
    expect(watched.given).toEqual(['/media/photos/stopped/thumbnail']);
    await act(async () => root.unmount());
  });
});

// A venue's Wi-Fi loses a few of the hundreds of thumbnails a scroll asks for: a lost one is asked for again, and
// only a photo that fails every time is shown as one this browser cannot draw.
describe('a thumbnail that fails', () => {
  const waitFor = async (what: string, done: () => boolean, withinMs: number) => {
    const started = Date.now();
    while (!done()) {
      if (Date.now() - started > withinMs) throw new Error(`waited ${withinMs} ms for ${what}`);
      await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    }
  };
  const failLoad = (image: HTMLImageElement) =>
    act(async () => void image.dispatchEvent(new dom.window.Event('error')));

  it('is asked for again after each wait, then shown as unavailable once every try failed', async () => {
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    const source = '/media/photos/lost/thumbnail';
    await act(async () =>
      root.render(
        createElement(
          I18nextProvider,
          { i18n: testTranslations('en') },
          createElement(PhotoImage, { src: source, alt: 'A photo', 'data-photo-id': 'lost' }),
          // The approval queue's: its checkbox names the photo, the image is not named again.
          createElement(PhotoImage, { src: source, alt: '', 'data-photo-id': 'unnamed' }),
        ),
      ),
    );
    const image = () => document.querySelector<HTMLImageElement>('img[data-photo-id="lost"]');
    const unnamed = () => document.querySelector<HTMLImageElement>('img[data-photo-id="unnamed"]');
    for (const wait of IMAGE_RETRY_WAITS_MS) {
      const failed = image()!;
      await failLoad(unnamed()!);
      await failLoad(failed);
      const waitingSince = Date.now();
      // Its tile's colour while it waits, not a broken image or a "cannot be shown".
      expect(image()?.hasAttribute('src')).toBe(false);
      expect(document.querySelector('.photo-unavailable')).toBeNull();
      await waitFor('the photo asked for again', () => image()?.getAttribute('src') === source, wait + 2000);
      expect(Date.now() - waitingSince).toBeGreaterThanOrEqual(wait - 50);
      expect(image()).not.toBe(failed);
    }
    await failLoad(unnamed()!);
    await failLoad(image()!);
    expect(image()).toBeNull();
    const unavailable = document.querySelector('.photo-unavailable[data-photo-id="lost"]');
    expect(unavailable?.getAttribute('role')).toBe('img');
    expect(unavailable?.getAttribute('aria-label')).toBe('A photo');
    expect(unavailable?.textContent).toBe('Preview not available in this browser');
    // No image without a name for screen readers: the text is shown, and left to the item's own name.
    const unnamedTile = document.querySelector('.photo-unavailable[data-photo-id="unnamed"]');
    expect(unnamedTile?.textContent).toBe('Preview not available in this browser');
    expect(unnamedTile?.hasAttribute('role')).toBe(false);
    expect(unnamedTile?.getAttribute('aria-hidden')).toBe('true');
    await act(async () => root.unmount());
  }, 20_000);
});
