import { i18n } from '../i18n';

/**
 * The Loading Error page, when the app cannot run: its code did not load, or a render failed beyond every error
 * boundary. Plain DOM (React may be what failed), with the error's text and a Refresh button.
 */
export function renderLoadingError(root: HTMLElement, error: unknown): void {
  const page = document.createElement('section');
  page.className = 'message-page';
  page.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.textContent = i18n.t('loadingError.title');
  const message = document.createElement('p');
  message.textContent = i18n.t('loadingError.message');
  const details = document.createElement('pre');
  details.className = 'error-details';
  details.textContent = error instanceof Error ? error.message : String(error);
  const refresh = document.createElement('button');
  refresh.type = 'button';
  refresh.className = 'button button-primary';
  refresh.textContent = i18n.t('loadingError.refresh');
  refresh.addEventListener('click', () => window.location.reload());
  page.append(title, message, details, refresh);
  root.replaceChildren(page);
}
