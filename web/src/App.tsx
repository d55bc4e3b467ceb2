import { ApolloProvider } from '@apollo/client/react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, useLocation } from 'react-router';
import { apolloClient } from './api/apolloClient';
import { AppRoutes } from './AppRoutes';
import { i18n } from './i18n';
import { LanguageSync } from './i18n/LanguageSync';
import { ErrorBoundary } from './layout/ErrorBoundary';

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
      <ApolloProvider client={apolloClient}>
        <BrowserRouter>
          <LanguageSync />
          <RoutedApp />
        </BrowserRouter>
      </ApolloProvider>
    </I18nextProvider>
  );
}
