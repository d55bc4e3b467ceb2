import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { BareLayout } from './layout/BareLayout';
import { SiteLayout } from './layout/SiteLayout';

const HomePage = lazy(() => import('./home/HomePage').then((module) => ({ default: module.HomePage })));
const OrderPage = lazy(() => import('./order/OrderPage').then((module) => ({ default: module.OrderPage })));
const LiveGalleryPage = lazy(() =>
  import('./gallery/LiveGalleryPage').then((module) => ({ default: module.LiveGalleryPage })),
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
  import('./billing/PaymentSuccessPage').then((module) => ({ default: module.PaymentSuccessPage })),
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
const NotFoundPage = lazy(() =>
  import('./layout/NotFoundPage').then((module) => ({ default: module.NotFoundPage })),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route path="fr" element={<HomePage />} />
        <Route path="es" element={<HomePage />} />
        <Route path="order" element={<OrderPage />} />
        <Route path="create-gallery" element={<OrderPage />} />
        <Route path="fr/commander" element={<OrderPage />} />
        <Route path="es/orden" element={<OrderPage />} />
        <Route path="upgrade/:eventCode" element={<UpgradePage />} />
        <Route path="payment" element={<PaymentPage />} />
        <Route path="payment-verification" element={<PaymentVerificationPage />} />
        <Route path="payment-success" element={<PaymentSuccessPage />} />
        <Route path="upgrade-success" element={<UpgradeSuccessPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="event/:id" element={<EventPage />} />
        <Route path="create-event" element={<CreateEventPage />} />
        <Route path="analytics-dashboard" element={<AnalyticsDashboardPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<BareLayout />}>
        <Route path="live-gallery" element={<LiveGalleryPage />} />
        <Route path="gallery/:code" element={<LiveGalleryPage />} />
        <Route path="payment-complete" element={<PaymentCompletePage />} />
        <Route path="mobile-checkout" element={<MobileCheckoutPage />} />
        <Route path="demo-checkout" element={<DemoCheckoutPage />} />
      </Route>
    </Routes>
  );
}
