import { lazy } from 'react';
import { Link, Outlet, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { customDomainFindMePath, customDomainGalleryPath } from '@gallery/contracts';
import { WithApollo } from '../api/WithApollo';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../i18n/languages';
import { useLanguage } from '../i18n/useLanguage';
import { BareLayout } from '../layout/BareLayout';

const GuestGalleryPage = lazy(() =>
  import('../guestGallery/LiveGalleryPage').then((module) => ({ default: module.GuestGalleryPage })),
);

/** A route's path from a page's path: without its leading slash ('' is the root). */
const routePath = (pagePath: string) => pagePath.slice(1);

/**
 * A couple's own domain: their gallery at `/` and its "Find me" page at `/find-me`, each in every language
 * (`/fr`, `/es/find-me`), as the gateway serves them (isCustomDomainPage); the not-found page anywhere else (the
 * gateway answers 404).
 */
export function CustomDomainRoutes({ code }: { code: string }) {
  return (
    <Routes>
      <Route element={<BareLayout />}>
        <Route element={<GuestRoutes />}>
          {LANGUAGES.flatMap((language) => [
            language === DEFAULT_LANGUAGE ? (
              <Route key={`${language}-gallery`} index element={<GuestGalleryPage code={code} />} />
            ) : (
              <Route
                key={`${language}-gallery`}
                path={routePath(customDomainGalleryPath(language))}
                element={<GuestGalleryPage code={code} />}
              />
            ),
            <Route
              key={`${language}-find-me`}
              path={routePath(customDomainFindMePath(language))}
              element={<GuestGalleryPage code={code} findMe />}
            />,
          ])}
        </Route>
        <Route path="*" element={<NotOnThisDomain />} />
      </Route>
    </Routes>
  );
}

function GuestRoutes() {
  return (
    <WithApollo>
      <Outlet />
    </WithApollo>
  );
}

function NotOnThisDomain() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="message-page">
      <p className="message-mark" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Link to={customDomainGalleryPath(language)} className="button button-primary">
        {t('customDomain.toGallery')}
      </Link>
    </section>
  );
}
