import { lazy } from 'react';
import { Link, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WithApollo } from '../api/WithApollo';
import { BareLayout } from '../layout/BareLayout';

const GalleryView = lazy(() =>
  import('../gallery/GalleryView').then((module) => ({ default: module.GalleryView })),
);

/** A couple's own domain: their gallery at `/`, the not-found page anywhere else (the gateway answers 404). */
export function CustomDomainRoutes({ code }: { code: string }) {
  return (
    <Routes>
      <Route element={<BareLayout />}>
        <Route
          index
          element={
            <WithApollo>
              <GalleryView code={code} />
            </WithApollo>
          }
        />
        <Route path="*" element={<NotOnThisDomain />} />
      </Route>
    </Routes>
  );
}

function NotOnThisDomain() {
  const { t } = useTranslation();
  return (
    <section className="message-page">
      <p className="message-mark" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Link to="/" className="button button-primary">
        {t('customDomain.toGallery')}
      </Link>
    </section>
  );
}
