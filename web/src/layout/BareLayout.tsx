import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageShown } from '../analytics/PageShown';
import { Spinner } from '../ui/Spinner';

/** Pages without header and footer (the live gallery). */
export function BareLayout() {
  return (
    <main id="main" className="bare-main">
      <Suspense fallback={<Spinner />}>
        <Outlet />
        <PageShown />
      </Suspense>
    </main>
  );
}
