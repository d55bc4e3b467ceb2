/** The address guests open: this site's /gallery/{code}. */
export function galleryUrl(code: string, origin: string = window.location.origin): string {
  return `${origin}/gallery/${encodeURIComponent(code)}`;
}
