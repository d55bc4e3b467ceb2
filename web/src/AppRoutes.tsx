import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { BareLayout } from './layout/BareLayout';
import { SiteLayout } from './layout/SiteLayout';

const HomePage = lazy(() => import('./home/HomePage').then((module) => ({ default: module.HomePage })));
const OrderPage = lazy(() => import('./order/OrderPage').then((module) => ({ default: module.OrderPage })));
const LiveGalleryPage = lazy(() =>
  import('./gallery/LiveGalleryPage').then((module) => ({ default: module.LiveGalleryPage })),
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
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<BareLayout />}>
        <Route path="live-gallery" element={<LiveGalleryPage />} />
        <Route path="gallery/:code" element={<LiveGalleryPage />} />
      </Route>
    </Routes>
  );
}
