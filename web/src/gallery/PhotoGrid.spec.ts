import { afterAll, describe, expect, it } from '@jest/globals';
import { installJsdomGlobals } from '../testing/jsdomGlobals';

// A guest scrolling through thousands of photos renders the grid again with each few rows passed and each page
// arriving. Measuring the grid (its columns, row height and place, read from the browser's resolved style) makes
// the browser work out the page's style and layout there and then: it is measured when it appears, and again
// only when it, what holds it or what is above it changes size, or an element joins above it; never because it
// rendered. Its tiles' labels are made once per photo.

// The viewer's zone decides the time in a label: this test reads it in UTC.
process.env.TZ = 'UTC';

const { dom, globals } = installJsdomGlobals(
  '<!doctype html><html><body></body></html>',
  'https://gallery.test/g/ABC123',
  ['window', 'document', 'navigator', 'HTMLElement', 'Node', 'Event'],
);
const document = dom.window.document;

/** The resize observers the page made, as a browser's would be: each with the elements it watches. */
const resizeObservers: { watched: Set<Element>; report: () => void }[] = [];
globals.ResizeObserver = class {
  readonly watched = new Set<Element>();
  constructor(private readonly callback: () => void) {
    resizeObservers.push({ watched: this.watched, report: () => this.callback() });
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
  }
};
globals.MutationObserver = dom.window.MutationObserver;
// The virtualizer scrolls the window to keep rows in place: jsdom has no scrolling.
dom.window.scrollTo = () => undefined;

/** Each time the page asked for the grid's resolved style: each a measure. */
let measures = 0;
/** The grid's columns as a browser resolves them, once set (jsdom resolves no grid: the grid stays unmeasured). */
let resolvedColumns: string | null = null;
const getComputedStyle = dom.window.getComputedStyle.bind(dom.window);
dom.window.getComputedStyle = (element: Element, pseudo?: string | null) => {
  if (!element.classList.contains('photo-grid')) return getComputedStyle(element, pseudo);
  measures++;
  const style = getComputedStyle(element, pseudo);
  if (resolvedColumns === null) return style;
  return Object.assign(Object.create(style) as CSSStyleDeclaration, {
    gridTemplateColumns: resolvedColumns,
    rowGap: '12px',
  });
};

/** Each time the page read where the window is scrolled: a forced layout when the page changed since it was drawn. */
let scrollReads = 0;
Object.defineProperty(dom.window, 'scrollY', {
  configurable: true,
  get: () => {
    scrollReads++;
    return 0;
  },
});

/** Polls `done` every 10 ms until it holds; fails after 5 s naming `what`. */
async function until(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Translations asked for the tiles' labels. */
let translationsAsked = 0;
/** Tiles' labels made: each one reads its photo's time once (`counted`). */
let labelsMade = 0;

const { act, createElement, Profiler, StrictMode } = await import('react');
const { createRoot } = await import('react-dom/client');
const { I18nextProvider } = await import('react-i18next');
const { testTranslations } = await import('../i18n/testTranslations');
const { PhotoGrid, RELEASED_SHOWN_AGAIN_MS } = await import('./PhotoGrid');
type Photo = import('../api/photos').Photo;
type PhotoGridProps = import('./PhotoGrid').PhotoGridProps;

const i18n = testTranslations('en');
const translate = i18n.t.bind(i18n);
i18n.t = ((...args: Parameters<typeof translate>) => {
  const key = args[0];
  if (key === 'gallery.photoAlt' || key === 'gallery.photoAltBy') translationsAsked++;
  return translate(...args);
}) as typeof i18n.t;

const photo = (index: number): Photo =>
  ({
    id: `p${index}`,
    thumbnailUrl: `https://storage.test/p${index}.jpg`,
    previewUrl: `https://storage.test/p${index}-preview.jpg`,
    kind: 'photo',
    durationSeconds: null,
    challengeId: null,
    guestName: index % 2 ? 'Anna' : null,
    heartCount: 0,
    awaitingApproval: false,
    createdAt: new Date(Date.UTC(2027, 5, 12, 18, 0, 100 - index)).toISOString(),
  }) as unknown as Photo;

/** The photo with its time's reads counted in `labelsMade`. */
const counted = (shown: Photo): Photo => {
  const { createdAt } = shown;
  return Object.defineProperty({ ...shown }, 'createdAt', {
    enumerable: true,
    get: () => {
      labelsMade++;
      return createdAt;
    },
  });
};

const container = document.body.appendChild(document.createElement('main'));
/** What is above the grid on the page: the gallery's header. */
const header = container.appendChild(document.createElement('header'));
const place = container.appendChild(document.createElement('div'));
const root = createRoot(place);
const onOpen = () => undefined;
const onLoadMore = () => undefined;
const show = (photos: Photo[]) =>
  act(async () =>
    root.render(
      createElement(
        StrictMode,
        null,
        createElement(
          I18nextProvider,
          { i18n },
          createElement(PhotoGrid, { photos, hasMore: true, loadingMore: false, onLoadMore, onOpen }),
        ),
      ),
    ),
  );

/** Renders a grid in a root of its own (`own`), not the shared one: no more photos to read unless `props` say. */
const renderOwn = (
  own: ReturnType<typeof createRoot>,
  props: Omit<PhotoGridProps, 'hasMore' | 'loadingMore' | 'onLoadMore'>,
) =>
  act(async () =>
    own.render(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(PhotoGrid, { hasMore: false, loadingMore: false, onLoadMore, ...props }),
      ),
    ),
  );

afterAll(async () => {
  await act(async () => root.unmount());
});

describe('the photo grid', () => {
  it('is drawn once as it mounts: nothing in its first commit renders it again there', async () => {
    // A render asked for inside a commit (from a layout effect) is done there and then, after every new component's
    // effects: on a phone that made the gallery's first picture one long task. React's Profiler calls such a render
    // a nested update.
    const phases: string[] = [];
    const own = createRoot(container.appendChild(document.createElement('div')));
    try {
      await act(async () =>
        own.render(
          createElement(
            Profiler,
            { id: 'grid', onRender: (_id: string, phase: string) => void phases.push(phase) },
            createElement(
              I18nextProvider,
              { i18n },
              createElement(PhotoGrid, {
                photos: Array.from({ length: 30 }, (_, index) => photo(index + 500)),
                hasMore: true,
                loadingMore: false,
                onLoadMore,
                onOpen,
              }),
            ),
          ),
        ),
      );
      expect(phases[0]).toBe('mount');
      expect(phases).not.toContain('nested-update');
      expect(document.querySelectorAll('.photo-grid img').length).toBeGreaterThan(0);
    } finally {
      await act(async () => own.unmount());
    }
  });

  it('is measured when it appears and when what is above it changes, not each time it renders', async () => {
    let photos = Array.from({ length: 6 }, (_, index) => photo(index + 10));
    await show(photos);
    const list = document.querySelector('.photo-grid')!;
    expect(list).not.toBeNull();
    const afterMount = measures;
    expect(afterMount).toBeGreaterThan(0);

    // Photos joining one at a time, each a render of the grid.
    for (let index = 9; index >= 0; index--) {
      photos = [photo(index), ...photos];
      await show(photos);
    }
    expect(document.querySelectorAll('.photo-grid img').length).toBe(16);
    expect(measures).toBe(afterMount);

    // Watched: the grid, what holds it and what is above it.
    const watching = resizeObservers.find((observer) => observer.watched.has(list))!;
    expect(watching).toBeDefined();
    for (const element of [list, list.parentElement!, place, container, header, document.body])
      expect(watching.watched.has(element)).toBe(true);
    // Something above it resized (an upload panel opening): measured again.
    act(() => watching.report());
    expect(measures).toBe(afterMount + 1);

    // An element joining above it (a banner): watched too.
    const banner = document.createElement('aside');
    await act(async () => void container.insertBefore(banner, header));
    expect(watching.watched.has(banner)).toBe(true);
  });

  it('reads where the guest is when photos join above them, not when a page of older photos comes', async () => {
    let photos = Array.from({ length: 6 }, (_, index) => photo(index + 300));
    await show(photos);
    // The guest scrolls down to the end, and older pages come. The virtualizer reads the scroll once more when it
    // settles (a debounce of 150 ms): that read belongs to the scroll, so the count starts after it.
    scrollReads = 0;
    await act(async () => void dom.window.dispatchEvent(new dom.window.Event('scroll')));
    await act(() => until('the scroll settled', () => scrollReads >= 2));
    scrollReads = 0;
    for (let page = 1; page <= 3; page++) {
      photos = [...photos, ...Array.from({ length: 6 }, (_, index) => photo(300 + page * 6 + index))];
      await show(photos);
    }
    expect(document.querySelectorAll('.photo-grid img').length).toBe(24);
    expect(scrollReads).toBe(0);
    // The guest scrolls, then a photo joins above: where they are decides whether the page scrolls with it.
    await act(async () => void dom.window.dispatchEvent(new dom.window.Event('scroll')));
    scrollReads = 0;
    await show([photo(299), ...photos]);
    expect(scrollReads).toBeGreaterThan(0);
  });

  it('translates each kind of label once, and makes each tile its label once however often it comes back', async () => {
    const photos = Array.from({ length: 6 }, (_, index) => counted(photo(index + 100)));
    const others = Array.from({ length: 6 }, (_, index) => counted(photo(index + 200)));
    translationsAsked = 0;
    await show(photos);
    labelsMade = 0;
    // The tiles leave the page and come back, as a guest scrolling down and up again makes them.
    await show(others);
    const made = labelsMade;
    expect(made).toBeGreaterThan(0);
    await show(photos);
    await show(others);
    await show(photos);
    expect(labelsMade).toBe(made);
    // Photos by a guest and unnamed ones: their two texts were asked of i18next for the grid's first tiles, in
    // the tests before; twelve new tiles' labels ask for none.
    expect(translationsAsked).toBe(0);
    const alts = [...document.querySelectorAll('.photo-grid img')].map((image) => image.getAttribute('alt'));
    expect(alts).toHaveLength(6);
    for (const alt of alts) expect(alt).toMatch(/^Photo( by Anna)?, Jun 12, \d+:\d\d\sPM$/);
  });

  it('gives a tile with no viewer its thumbnail alone, and its action its label, a released photo none', async () => {
    // The couple's event page: each tile's sender and buttons under it, no viewer, in a section of the page's own.
    const labels: string[] = [];
    const caption = (shown: Photo, label: string) => {
      labels.push(label);
      return createElement('button', { type: 'button', className: 'caption-button', 'aria-label': label });
    };
    const released = { id: 'p402', createdAt: photo(402).createdAt, released: true as const, after: 'c1' };
    const own = createRoot(container.appendChild(document.createElement('div')));
    try {
      await act(async () =>
        own.render(
          createElement(
            I18nextProvider,
            { i18n },
            createElement(PhotoGrid, {
              photos: [photo(400), photo(401), released, photo(403)],
              hasMore: false,
              loadingMore: false,
              onLoadMore,
              tileAction: caption,
              gridClassName: 'photo-grid-captioned',
              titled: false,
            }),
          ),
        ),
      );
      const grid = document.querySelector('.photo-grid-captioned')!;
      expect(grid.closest('section')).toBeNull();
      expect(grid.querySelectorAll('button.photo-tile')).toHaveLength(0);
      expect(grid.querySelectorAll('.still-tile img')).toHaveLength(3);
      // The released photo: a tile to come, with no button to act on a photo the page does not hold.
      const placeholder = grid.querySelector('li[aria-busy="true"]')!;
      expect(placeholder.querySelector('button')).toBeNull();
      const buttons = [...grid.querySelectorAll('.caption-button')].map((button) =>
        button.getAttribute('aria-label'),
      );
      expect(buttons).toHaveLength(3);
      for (const label of buttons) expect(label).toMatch(/^Photo( by Anna)?, Jun 12/);
      expect(labels.every((label) => buttons.includes(label))).toBe(true);
    } finally {
      await act(async () => own.unmount());
    }
  });

  it('tells the list again where the screen is while released photos are on it, and stops once they are read', async () => {
    const released = { id: 'p502', createdAt: photo(502).createdAt, released: true as const, after: 'c1' };
    const told: number[] = [];
    const onShown = () => void told.push(Date.now());
    const own = createRoot(container.appendChild(document.createElement('div')));
    const render = (photos: (Photo | typeof released)[]) => renderOwn(own, { photos, onOpen, onShown });
    try {
      await render([photo(500), photo(501), released, photo(503)]);
      await until('the range told', () => told.length > 0);
      const first = told.length;
      // A guest staying put before a "Loading…" tile: no scroll, no photo changing.
      await act(async () => new Promise((resolve) => setTimeout(resolve, 2 * RELEASED_SHOWN_AGAIN_MS + 200)));
      expect(told.length - first).toBeGreaterThanOrEqual(2);
      // Read again: nothing more to tell.
      await render([photo(500), photo(501), photo(502), photo(503)]);
      const afterRead = told.length;
      await act(async () => new Promise((resolve) => setTimeout(resolve, RELEASED_SHOWN_AGAIN_MS + 200)));
      expect(told.length).toBe(afterRead);
    } finally {
      await act(async () => own.unmount());
    }
  }, 15_000);

  it('is clipped sideways only until it is measured: its tiles are placed for three columns meanwhile', async () => {
    const own = createRoot(container.appendChild(document.createElement('div')));
    const watchedBefore = resizeObservers.length;
    try {
      const render = () =>
        renderOwn(own, {
          photos: [photo(600), photo(601), photo(602)],
          gridClassName: 'photo-grid-captioned',
          titled: false,
        });
      await render();
      const grid = () => document.querySelector('.photo-grid-captioned')!;
      expect(grid().hasAttribute('data-unmeasured')).toBe(true);
      // The browser resolves two columns (the event page's on a phone): measured, the grid is no longer clipped.
      resolvedColumns = '160px 160px';
      const watching = resizeObservers.slice(watchedBefore).find((observer) => observer.watched.has(grid()))!;
      await act(async () => watching.report());
      await until('the grid measured', () => !grid().hasAttribute('data-unmeasured'));
    } finally {
      resolvedColumns = null;
      await act(async () => own.unmount());
    }
  });
});
