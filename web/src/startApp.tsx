import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './sw/registerServiceWorker';

/**
 * Renders the app into `root`. A render error that no error boundary catches (React 19 unmounts the whole tree
 * then, and throws nothing here) goes to `onFatal`, which shows the Loading Error page.
 */
export function startApp(root: HTMLElement, onFatal: (error: unknown) => void): void {
  const app = createRoot(root, {
    onUncaughtError: (error) => {
      console.error('Fatal render failure', error);
      onFatal(error);
    },
  });
  // As a transition, the first render yields to the browser every few milliseconds: on a phone, matching the
  // routes and rendering the first screen were one task of a quarter of a second.
  startTransition(() =>
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  registerServiceWorker();
}
