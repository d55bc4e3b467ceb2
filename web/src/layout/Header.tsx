import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PageId } from '../i18n/languages';
import { usePagePath } from '../i18n/useLanguage';
import { useAppState } from '../state/AppStateProvider';
import { FindMyEvent } from './FindMyEvent';
import { LanguageSelect } from './LanguageSelect';
import { OwnerLink } from '../owner/OwnerLink';
import { Button, ButtonLink } from '../ui/Button';

const NAV_ITEMS: ReadonlyArray<{ page: PageId; label: string }> = [
  { page: 'home', label: 'nav.home' },
  { page: 'features', label: 'nav.features' },
  { page: 'pricing', label: 'nav.pricing' },
  { page: 'howItWorks', label: 'nav.howItWorks' },
  { page: 'about', label: 'nav.about' },
  { page: 'faq', label: 'nav.faq' },
];

/** The site header; below the desktop breakpoint its items fold into a menu opened by a button. */
export function Header() {
  const { t } = useTranslation();
  const pagePath = usePagePath();
  const { pathname } = useLocation();
  // The phone menu is the app's sidebar (ui.sidebarOpen); moving to another page folds it.
  const { state, dispatch } = useAppState();
  const menuOpen = state.ui.sidebarOpen;
  const openRef = useRef(menuOpen);
  openRef.current = menuOpen;
  useEffect(() => {
    if (openRef.current) dispatch({ type: 'toggleSidebar' });
  }, [pathname, dispatch]);

  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to={pagePath('home')} className="logo">
          <span className="logo-mark" aria-hidden="true">
            ❦
          </span>
          {t('brand.name')}
        </Link>
        <Button
          variant="ghost"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => dispatch({ type: 'toggleSidebar' })}
        >
          <span className="menu-icon" aria-hidden="true" />
          {t('nav.menu')}
        </Button>
        <div id="site-menu" className={menuOpen ? 'site-menu is-open' : 'site-menu'}>
          <nav aria-label={t('nav.main')}>
            <ul className="nav-list">
              {NAV_ITEMS.map((item) => (
                <li key={item.page}>
                  <NavLink to={pagePath(item.page)} end className="nav-link">
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="header-tools">
            <FindMyEvent />
            <LanguageSelect />
            <OwnerLink />
            <ButtonLink to={pagePath('order')} variant="primary">
              {t('nav.createGallery')}
            </ButtonLink>
          </div>
        </div>
      </div>
    </header>
  );
}
