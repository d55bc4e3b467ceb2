import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './sw/registerServiceWorker';

/**
 * Renders the app into `root`. A render error that no error boundary catches (React 19 unmounts the whole tree
 * then, and throws nothing here) goes to `onFatal`, which shows the Loading Error page.
 */
export function startApp(root: HTMLElement, onFatal: (error: unknown) => void): void {
  createRoot(root, {
    onUncaughtError: (error) => {
      console.error('Fatal render failure', error);
      onFatal(error);
    },
  }).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  registerServiceWorker();
}
