import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageShown } from '../analytics/PageShown';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner';
import { Footer, MinimalFooter } from './Footer';
import { Header } from './Header';

/** Pages with the header and a footer: the full one, or the minimal one where a form needs the attention. */
export function SiteLayout({ footer }: { footer: 'full' | 'minimal' }) {
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
          <PageShown />
        </Suspense>
      </main>
      {footer === 'full' ? <Footer /> : <MinimalFooter />}
    </div>
  );
}
