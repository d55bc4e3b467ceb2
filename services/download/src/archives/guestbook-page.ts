import type { GuestbookMessage } from '@gallery/contracts';

/** The name of the guestbook's page in the zip, beside the gallery's photos. */
export const GUESTBOOK_PAGE_NAME = 'Guestbook.html';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text: markup a guest typed shows as the characters typed. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

/**
 * The guestbook as a page any browser opens offline: the couple's names, then each message with who wrote it
 * and when, oldest first. Plain text only (escaped), no script, no remote resource.
 */
export function guestbookPage(galleryName: string, messages: GuestbookMessage[]): string {
  const items = messages
    .map((message) => {
      const by = message.guestName ? `<p class="by">— ${escapeHtml(message.guestName)}</p>` : '';
      return `<li><p class="text">${escapeHtml(message.text)}</p>${by}<p class="when"><time datetime="${message.createdAt}">${message.createdAt.slice(0, 16).replace('T', ' ')} UTC</time></p></li>`;
    })
    .join('\n');
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(galleryName)} — Guestbook</title>
<style>
body { font-family: Georgia, serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
ul { list-style: none; padding: 0; }
li { margin: 0 0 1.5rem; padding: 1rem; border-radius: 8px; background: #f8f2e6; }
.text { white-space: pre-line; overflow-wrap: anywhere; margin: 0; font-size: 1.1rem; }
.by { margin: 0.5rem 0 0; font-style: italic; }
.when { margin: 0.25rem 0 0; font-size: 0.8rem; color: #666; }
</style>
</head>
<body>
<h1>${escapeHtml(galleryName)}</h1>
<ul>
${items}
</ul>
</body>
</html>
`;
}
