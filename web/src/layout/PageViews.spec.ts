import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { installJsdomGlobals } from '../testing/jsdomGlobals';

// A visitor on a slow connection: the page's code arrives seconds after the path changed. The page view must
// carry the title the page sets once it is there, not the site's bare title of the moment the path changed.

const { dom, globals } = installJsdomGlobals(
  '<!doctype html><html><head><title>Live Wedding Gallery</title></head><body></body></html>',
  'https://gallery.test/fr/faq',
  ['window', 'document', 'navigator', 'HTMLElement', 'Node', 'Event', 'MutationObserver'],
);

const { act, createElement, lazy, useEffect } = await import('react');
const { createRoot } = await import('react-dom/client');
const { I18nextProvider } = await import('react-i18next');
const { MemoryRouter, Route, Routes } = await import('react-router');
const { testTranslations } = await import('../i18n/testTranslations');
const { BareLayout } = await import('./BareLayout');
const { PageViews } = await import('../analytics/PageViews');

/** A page that sets its title when it mounts, as the content pages do. */
function titled(title: string) {
  return function TitledPage() {
    useEffect(() => {
      document.title = title;
    }, []);
    return createElement('h1', null, title);
  };
}

/** A lazily loaded page whose code arrives when the test says. */
function slowPage(title: string) {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<{ default: () => ReturnType<typeof createElement> }>((resolve) => {
    arrive = () => resolve({ default: titled(title) });
  });
  return { Page: lazy(() => arrived), arrive };
}

function pageViews(): unknown[] {
  return (globals.analyticsCalls as unknown[][])
    .filter((call) => call[1] === 'page_view')
    .map((call) => call[2]);
}

describe('page views', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  /** Shows `page` at /fr/faq under the bare layout, with analytics calls recorded; returns the root. */
  async function visit(page: ReturnType<typeof lazy>) {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    dom.window.document.title = 'Live Wedding Gallery';
    globals.analyticsCalls = [];
    globals.gtag = (...args: unknown[]) => (globals.analyticsCalls as unknown[][]).push(args);
    const root = createRoot(dom.window.document.body.appendChild(dom.window.document.createElement('div')));
    await act(async () =>
      root.render(
        createElement(
          I18nextProvider,
          { i18n: testTranslations('fr') },
          createElement(
            MemoryRouter,
            { initialEntries: ['/fr/faq'] },
            createElement(PageViews),
            createElement(
              Routes,
              null,
              createElement(
                Route,
                { element: createElement(BareLayout) },
                createElement(Route, { path: 'fr/faq', element: createElement(page) }),
              ),
            ),
          ),
        ),
      ),
    );
    return root;
  }

  it('waits for a slow page to mount, then reports the title it set', async () => {
    const { Page, arrive } = slowPage('Questions fréquentes | Live Wedding Gallery');
    const root = await visit(Page);
    // Long past the wait for a title: the page's code has not arrived, so nothing is reported yet.
    await act(async () => jest.advanceTimersByTime(10_000));
    expect(pageViews()).toEqual([]);

    await act(async () => arrive());
    await act(async () => jest.advanceTimersByTime(0));
    expect(pageViews()).toEqual([
      { page_path: '/fr/faq', page_title: 'Questions fréquentes | Live Wedding Gallery', language: 'fr' },
    ]);
    await act(async () => root.unmount());
  });

  it('reports a page that sets no title with the title it has, a moment after it mounted', async () => {
    const root = await visit(lazy(async () => ({ default: () => createElement('h1', null, 'Galerie') })));
    await act(async () => jest.advanceTimersByTime(1000));
    expect(pageViews()).toEqual([]);
    await act(async () => jest.advanceTimersByTime(600));
    expect(pageViews()).toEqual([
      { page_path: '/fr/faq', page_title: 'Live Wedding Gallery', language: 'fr' },
    ]);
    await act(async () => root.unmount());
  });
});
