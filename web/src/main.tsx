import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAnalytics } from './analytics/track';
import { App } from './App';
import { initialLanguage, showLanguage } from './i18n';
import { renderLoadingError } from './layout/loadingError';
import './styles.css';

window.addEventListener('unhandledrejection', (event) => {
  console.warn('Unhandled promise rejection', event.reason);
  event.preventDefault();
});

loadAnalytics(import.meta.env.VITE_ANALYTICS_ID as string | undefined);

const root = document.getElementById('root');
if (!root) {
  console.error('The #root element is missing: the app cannot start.');
} else {
  const start = () => {
    try {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    } catch (error) {
      renderLoadingError(root, error);
    }
  };
  // The page's language is ready before the first render; if its texts cannot load, English shows instead.
  showLanguage(initialLanguage).then(start, (error: unknown) => {
    console.warn('Texts of the page language could not load', error);
    start();
  });
}
