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
]);

const { act, createElement, StrictMode } = await import('react');
const { createRoot } = await import('react-dom/client');
const { PhotoImage } = await import('./PhotoImage');

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
