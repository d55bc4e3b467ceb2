import { lazy } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { WithApollo } from './api/WithApollo';
import { LANGUAGES, PAGE_IDS, PAGE_PATHS } from './i18n/languages';
import { BareLayout } from './layout/BareLayout';
import { SiteLayout } from './layout/SiteLayout';
import type { ContentPageId } from './pages/ContentPage';
import { CustomDomainRoutes } from './premium/CustomDomainRoutes';
import { customDomainGallery } from './api/customDomainSite';

const HomePage = lazy(() => import('./home/HomePage').then((module) => ({ default: module.HomePage })));
const OrderPage = lazy(() => import('./order/OrderPage').then((module) => ({ default: module.OrderPage })));
const ContentPage = lazy(() =>
  import('./pages/ContentPage').then((module) => ({ default: module.ContentPage })),
);
const LiveGalleryPage = lazy(() =>
  import('./guestGallery/LiveGalleryPage').then((module) => ({ default: module.LiveGalleryPage })),
);
const UpgradePage = lazy(() =>
  import('./billing/UpgradePage').then((module) => ({ default: module.UpgradePage })),
);
const PaymentPage = lazy(() =>
  import('./billing/PaymentPage').then((module) => ({ default: module.PaymentPage })),
);
const PaymentVerificationPage = lazy(() =>
  import('./billing/PaymentVerificationPage').then((module) => ({ default: module.PaymentVerificationPage })),
);
const PaymentSuccessPage = lazy(() =>
  import('./order/PaymentSuccessPage').then((module) => ({ default: module.PaymentSuccessPage })),
);
const UpgradeSuccessPage = lazy(() =>
  import('./billing/UpgradeSuccessPage').then((module) => ({ default: module.UpgradeSuccessPage })),
);
const PaymentCompletePage = lazy(() =>
  import('./billing/PaymentCompletePage').then((module) => ({ default: module.PaymentCompletePage })),
);
const MobileCheckoutPage = lazy(() =>
  import('./billing/MobileCheckoutPage').then((module) => ({ default: module.MobileCheckoutPage })),
);
const DemoCheckoutPage = lazy(() =>
  import('./billing/DemoCheckoutPage').then((module) => ({ default: module.DemoCheckoutPage })),
);
const DashboardPage = lazy(() =>
  import('./owner/DashboardPage').then((module) => ({ default: module.DashboardPage })),
);
const EventPage = lazy(() => import('./owner/EventPage').then((module) => ({ default: module.EventPage })));
const CreateEventPage = lazy(() =>
  import('./owner/CreateEventPage').then((module) => ({ default: module.CreateEventPage })),
);
const AnalyticsDashboardPage = lazy(() =>
  import('./owner/AnalyticsDashboardPage').then((module) => ({ default: module.AnalyticsDashboardPage })),
);
const ReviewQueuePage = lazy(() =>
  import('./review/ReviewQueuePage').then((module) => ({ default: module.ReviewQueuePage })),
);
const MailStopPage = lazy(() =>
  import('./return-mails/MailStopPage').then((module) => ({ default: module.MailStopPage })),
);
const WallPage = lazy(() => import('./wall/WallPage').then((module) => ({ default: module.WallPage })));
const NotFoundPage = lazy(() =>
  import('./layout/NotFoundPage').then((module) => ({ default: module.NotFoundPage })),
);

/** Every page of PAGE_PATHS in every language (paths without their leading slash; '' is the English home). */
const PAGE_ROUTES = LANGUAGES.flatMap((language) =>
  PAGE_IDS.map((page) => ({ page, path: PAGE_PATHS[language][page].slice(1) })),
);

/** The live gallery in each language: /gallery/{code}, /fr/gallery/{code}, /es/gallery/{code}. */
const GALLERY_PREFIXES = LANGUAGES.map((language) => (language === 'en' ? '' : `${language}/`));

/** Where the order form and the payment pages keep the visitor's attention: the minimal footer. */
const MINIMAL_FOOTER_PAGES = new Set(['order']);

function pageElement(page: (typeof PAGE_IDS)[number]) {
  if (page === 'home') return <HomePage />;
  if (page === 'order') return <OrderPage />;
  return <ContentPage key={page} page={page as ContentPageId} />;
}

/** Routes whose pages talk to the API: the GraphQL client is loaded for them. */
function ApiRoutes() {
  return (
    <WithApollo>
      <Outlet />
    </WithApollo>
  );
}

export function AppRoutes() {
  const customDomainCode = customDomainGallery();
  if (customDomainCode) return <CustomDomainRoutes code={customDomainCode} />;
  return (
    <Routes>
      <Route element={<SiteLayout footer="full" />}>
        {PAGE_ROUTES.filter(({ page }) => !MINIMAL_FOOTER_PAGES.has(page)).map(({ page, path }) =>
          path === '' ? (
            <Route key="index" index element={pageElement(page)} />
          ) : (
            <Route key={path} path={path} element={pageElement(page)} />
          ),
        )}
        <Route path="*" element={<NotFoundPage />} />
        <Route element={<ApiRoutes />}>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="event/:id" element={<EventPage />} />
          <Route path="event/:id/review" element={<ReviewQueuePage />} />
          <Route path="create-event" element={<CreateEventPage />} />
          <Route path="analytics-dashboard" element={<AnalyticsDashboardPage />} />
        </Route>
      </Route>
      <Route element={<SiteLayout footer="minimal" />}>
        <Route element={<ApiRoutes />}>
          {PAGE_ROUTES.filter(({ page }) => MINIMAL_FOOTER_PAGES.has(page)).map(({ page, path }) => (
            <Route key={path} path={path} element={pageElement(page)} />
          ))}
          <Route path="create-gallery" element={<OrderPage />} />
          {GALLERY_PREFIXES.map((prefix) => (
            <Route key={`${prefix}mail-stop`} path={`${prefix}mail-stop`} element={<MailStopPage />} />
          ))}
          <Route path="upgrade/:eventCode" element={<UpgradePage />} />
          <Route path="payment" element={<PaymentPage />} />
          <Route path="payment-verification" element={<PaymentVerificationPage />} />
          <Route path="payment-success" element={<PaymentSuccessPage />} />
          <Route path="upgrade-success" element={<UpgradeSuccessPage />} />
        </Route>
      </Route>
      <Route element={<BareLayout />}>
        <Route element={<ApiRoutes />}>
          {GALLERY_PREFIXES.flatMap((prefix) => [
            <Route key={`${prefix}live`} path={`${prefix}live-gallery`} element={<LiveGalleryPage />} />,
            <Route key={`${prefix}gallery`} path={`${prefix}gallery/:code`} element={<LiveGalleryPage />} />,
            <Route
              key={`${prefix}find-me`}
              path={`${prefix}gallery/:code/find-me`}
              element={<LiveGalleryPage findMe />}
            />,
            <Route key={`${prefix}wall`} path={`${prefix}wall/:code`} element={<WallPage />} />,
          ])}
          <Route path="payment-complete" element={<PaymentCompletePage />} />
          <Route path="mobile-checkout" element={<MobileCheckoutPage />} />
          <Route path="demo-checkout" element={<DemoCheckoutPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
