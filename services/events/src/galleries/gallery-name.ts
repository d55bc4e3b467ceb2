/** A gallery's display name from the couple names as typed: trimmed, single-spaced, "&" set apart ("Sarah & Mike"). */
export function galleryName(coupleNames: string): string {
  return coupleNames
    .replace(/\s*&\s*/g, ' & ')
    .replace(/\s+/g, ' ')
    .trim();
}
