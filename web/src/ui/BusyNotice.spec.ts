import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { installJsdomGlobals } from '../testing/jsdomGlobals';

// A guest told by the server to wait (sent too fast): a notice that counts the seconds down in the text's own
// colour, is said once to screen readers, politely, and leaves when the wait is over.

const { dom } = installJsdomGlobals('<!doctype html><html><body></body></html>', 'https://gallery.test/', [
  'window',
  'document',
  'navigator',
  'HTMLElement',
  'Node',
  'Event',
]);

const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { en, es, fr } = await import('../i18n/resources').then(({ resources }) => ({
  en: resources.en.translation,
  fr: resources.fr.translation,
  es: resources.es.translation,
}));
const { testTranslations } = await import('../i18n/testTranslations');
const { BusyNotice } = await import('./BusyNotice');

const document = dom.window.document;
let roots: ReturnType<typeof createRoot>[] = [];

describe('a wait the server asked for', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(async () => {
    await act(async () => roots.forEach((root) => root.unmount()));
    roots = [];
    jest.useRealTimers();
  });

  /** Shows the upload queue's notice in `language` for a wait ending at `until`; `show` draws it again. */
  async function notice(language: 'en' | 'fr' | 'es', until: number) {
    const t = testTranslations(language).t;
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    roots.push(root);
    const show = (end: number) =>
      act(async () =>
        root.render(
          createElement(BusyNotice, {
            until: end,
            text: (count: number) => t('upload.busyUntil', { count }),
            testId: 'busy',
          }),
        ),
      );
    await show(until);
    return { show };
  }
  const shown = () => document.querySelector('[data-testid="busy"]')?.textContent ?? null;
  const announced = () => document.querySelector('[role="status"][aria-live="polite"]')?.textContent ?? null;
  const tick = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

  it.each([
    ['en', en],
    ['fr', fr],
    ['es', es],
  ] as const)('counts the seconds down and leaves when the wait is over, in %s', async (language, texts) => {
    const seconds = (count: number) => texts.upload.busyUntil.replace('{{count}}', `${count}`);
    await notice(language, Date.now() + 3000);
    expect(shown()).toBe(seconds(3));
    await tick(999);
    expect(shown()).toBe(seconds(3));
    await tick(1);
    expect(shown()).toBe(seconds(2));
    await tick(1000);
    expect(shown()).toBe(seconds(1));
    await tick(1000);
    expect(shown()).toBeNull();
  });

  it('is news, not an error: no alert, no error colour, and said once, politely', async () => {
    const { show } = await notice('en', Date.now() + 20_000);
    expect(document.querySelector('[role="alert"], .field-error')).toBeNull();
    await tick(100);
    const first = en.upload.busyUntil.replace('{{count}}', '20');
    expect(announced()).toBe(first);
    // The count goes on; what screen readers were told is not told again each second.
    await tick(5000);
    expect(shown()).toBe(en.upload.busyUntil.replace('{{count}}', '15'));
    expect(announced()).toBe(first);

    // A new wait is a new notice, said again.
    await show(Date.now() + 7000);
    await tick(100);
    expect(announced()).toBe(en.upload.busyUntil.replace('{{count}}', '7'));
  });
});
