import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, useLocation } from 'react-router';
import { PageViews } from './analytics/PageViews';
import { AppRoutes } from './AppRoutes';
import { i18n } from './i18n';
import { LanguageSync } from './i18n/LanguageSync';
import { ErrorBoundary } from './layout/ErrorBoundary';
import { AppStateProvider } from './state/AppStateProvider';
import { Notifications } from './state/Notifications';

function RoutedApp() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <AppRoutes />
    </ErrorBoundary>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <AppStateProvider>
        <BrowserRouter>
          <LanguageSync />
          <PageViews />
          <Notifications />
          <RoutedApp />
        </BrowserRouter>
      </AppStateProvider>
    </I18nextProvider>
  );
}
