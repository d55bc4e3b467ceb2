import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useLanguage } from '../i18n/useLanguage';
import { track } from './track';

/** How long a page that sets no title of its own (the gallery, the payment pages) is waited for. */
const TITLE_WAIT_MS = 1500;

/**
 * A page_view for every path the visitor reaches, sent once the page has set its title (pages load lazily, so
 * the title changes after the path), or with the title as it is when the page sets none.
 */
export function PageViews() {
  const { pathname } = useLocation();
  const shown = useLanguage();
  const language = useRef(shown);
  language.current = shown;
  useEffect(() => {
    const before = document.title;
    let sent = false;
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
    const timer = setTimeout(send, TITLE_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    // One page view per path: a language change on the same path is not a new page.
  }, [pathname]);
  return null;
}
