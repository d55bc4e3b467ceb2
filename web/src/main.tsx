import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { renderLoadingError } from './layout/loadingError';
import './styles.css';

window.addEventListener('unhandledrejection', (event) => {
  console.warn('Unhandled promise rejection', event.reason);
  event.preventDefault();
});

const root = document.getElementById('root');
if (!root) {
  console.error('The #root element is missing: the app cannot start.');
} else {
  try {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    renderLoadingError(root, error);
  }
}
