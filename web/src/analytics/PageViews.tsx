import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useLanguage } from '../i18n/useLanguage';
import { lastShownPath, onPageShown } from './PageShown';
import { track } from './track';

/**
 * How long, once a page has mounted, a title set later (the wall's, after its data) is waited for; a page that
 * sets none (the gallery, the payment pages) is reported with the title as it is then.
 */
const TITLE_WAIT_MS = 1500;

/**
 * A page_view for every path the visitor reaches, sent once the page has set its title. Pages load lazily, so
 * the title changes after the path: the wait for a title starts when the page has mounted, not when the path
 * changed (a page's code can take seconds to arrive on a venue's Wi-Fi).
 */
export function PageViews() {
  const { pathname } = useLocation();
  const shown = useLanguage();
  const language = useRef(shown);
  language.current = shown;
  useEffect(() => {
    const before = document.title;
    let sent = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      if (sent) return;
      sent = true;
      observer.disconnect();
      clearTimeout(timer);
      track('page_view', { page_path: pathname, page_title: document.title, language: language.current });
    };
    const observer = new MutationObserver(() => {
      if (document.title !== before) send();
    });
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    const shown = () => {
      if (document.title !== before) send();
      else timer ??= setTimeout(send, TITLE_WAIT_MS);
    };
    const stopListening = onPageShown((shownPath) => {
      if (shownPath === pathname) shown();
    });
    if (lastShownPath() === pathname) shown();
    return () => {
      stopListening();
      observer.disconnect();
      clearTimeout(timer);
    };
    // One page view per path: a language change on the same path is not a new page.
  }, [pathname]);
  return null;
}
