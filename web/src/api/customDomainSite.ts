/**
 * On a couple's own domain the gateway marks the page with the gallery it shows (`<meta name="gallery-code">`):
 * the app then shows that gallery at `/` and nothing else.
 */
export function customDomainGallery(
  doc: Pick<Document, 'querySelector'> | undefined = globalThis.document,
): string | null {
  return doc?.querySelector('meta[name="gallery-code"]')?.getAttribute('content') || null;
}

/**
 * A photo link on this page's own origin, for a page on a couple's domain (customDomainGallery): the gateway
 * answers the gallery's photo links there too, so guests never leave the couple's address (and the page's policy
 * allows only it).
 */
export function photoLinkHere(url: string, page: { origin: string; href: string } = window.location): string {
  const link = new URL(url, page.href);
  return `${page.origin}${link.pathname}${link.search}`;
}
