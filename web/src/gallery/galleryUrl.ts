import { customDomainGallery } from '../premium/customDomainSite';

/** The address guests open: this site's /gallery/{code}, or the root of the couple's own domain showing it. */
export function galleryUrl(code: string, origin: string = window.location.origin): string {
  if (customDomainGallery() === code) return `${origin}/`;
  return `${origin}/gallery/${encodeURIComponent(code)}`;
}
