import { loadAnalytics } from './analytics/track';
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
  const fatal = (error: unknown) => renderLoadingError(root, error);
  // The page's language is ready before the first render; if its texts cannot load, English shows instead.
  const language = showLanguage(initialLanguage).catch((error: unknown) => {
    console.warn('Texts of the page language could not load', error);
  });
  // This entry is only what the Loading Error page needs; the app's code is a module of its own (preloaded with
  // the page, see vite.config.ts), so when it cannot load (a failed request, a deploy that replaced it) or fails
  // to render beyond every error boundary, the page says so instead of staying blank. The texts come first
  // either way, so that page too speaks the page's language.
  const app = import('./startApp');
  language
    .then(() => app)
    .then(({ startApp }) => startApp(root, fatal))
    .catch(fatal);
}
