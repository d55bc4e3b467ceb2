import {
  es,
  en,
  fr,
  oneClickStopPageTexts,
  type MailLanguage,
  type OneClickStopKind,
} from '@gallery/contracts';

/** What the one-click unsubscribe page shows: the question with its button, the answer, or why it cannot. */
export type OneClickStopPageState =
  | { show: 'ask'; kind: OneClickStopKind }
  | { show: 'done'; kind: OneClickStopKind }
  | { show: 'nothingLeft'; kind: OneClickStopKind }
  | { show: 'invalid' }
  | { show: 'rateLimited'; retryAfterSeconds?: number };

const SHARED = { en, fr, es };

/** The query a POST from the page's own button carries, so it is answered with a page rather than JSON. */
export const FROM_PAGE_QUERY = 'page';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The small page a one-click unsubscribe link (`/unsubscribe/{token}`) opens in a browser, in the mail's language.
 * No script and no style of its own (the gateway's Content-Security-Policy allows neither inline); its one button
 * POSTs to the same link with no cookie, which is what stops the mail (RFC 8058), so a mail scanner following the
 * link stops nothing.
 */
export function oneClickStopPage(language: MailLanguage, state: OneClickStopPageState): string {
  const texts = oneClickStopPageTexts(language);
  const errors = SHARED[language].errors;
  const title = 'kind' in state ? texts.title[state.kind] : texts.linkTitle;
  let body: string;
  switch (state.show) {
    case 'ask':
      body =
        `<p>${escapeHtml(texts.whatStops[state.kind])}</p>\n` +
        `<form method="post" action="?${FROM_PAGE_QUERY}=1">` +
        `<button type="submit">${escapeHtml(texts.confirm[state.kind])}</button></form>`;
      break;
    case 'done':
      body = `<p role="status">${escapeHtml(texts.done[state.kind])}</p>`;
      break;
    case 'nothingLeft':
      body = `<p role="status">${escapeHtml(texts.nothingLeft)}</p>`;
      break;
    case 'invalid':
      body = `<p role="alert">${escapeHtml(errors.MAIL_STOP_LINK_INVALID)}</p>`;
      break;
    case 'rateLimited':
      body = `<p role="alert">${escapeHtml(
        errors.RATE_LIMITED.replace('{{count}}', String(state.retryAfterSeconds ?? 60)),
      )}</p>`;
      break;
  }
  return (
    `<!doctype html>\n<html lang="${language}">\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `<meta name="robots" content="noindex">\n<title>${escapeHtml(title)}</title>\n</head>\n` +
    `<body>\n<main>\n<h1>${escapeHtml(title)}</h1>\n${body}\n</main>\n</body>\n</html>\n`
  );
}
