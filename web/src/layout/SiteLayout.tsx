import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner';
import { Footer } from './Footer';
import { Header } from './Header';

/** Pages with the header and the footer. */
export function SiteLayout() {
  const { t } = useTranslation();
  return (
    <div className="site">
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
