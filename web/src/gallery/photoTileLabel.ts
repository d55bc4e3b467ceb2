import type { TFunction } from 'i18next';
import type { Photo } from './graphql';
import { formatDuration } from './formatDuration';

const formats = new Map<string, Intl.DateTimeFormat>();

/** The language's formatter of a tile's day and time, made once. */
function formatFor(locale: string): Intl.DateTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    formats.set(locale, format);
  }
  return format;
}

/** Day and time in the viewer's zone ("Jun 12, 9:41 PM", "12 juin, 21:41"); one formatter per language. */
function shortDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatFor(locale).format(date);
}

/**
 * Makes the language's formatter while the page is idle, before a first tile needs it: the first one costs a
 * phone over 100 ms (the browser loads the viewer's time zone and the language's patterns), which would
 * otherwise fall in the task that draws the first photo to arrive in an empty gallery. Returns a cancel.
 */
export function prepareTileLabels(locale: string): () => void {
  if (formats.has(locale)) return () => undefined;
  const make = () => void formatFor(locale);
  // Safari has no idle callbacks: a moment after the page has drawn.
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(make, 1000);
    return () => clearTimeout(timer);
  }
  const request = requestIdleCallback(make, { timeout: 2000 });
  return () => cancelIdleCallback(request);
}

/**
 * A thumbnail's text for screen readers: what it is, who shared it, when ("Photo by Anna, Jun 12, 9:41 PM").
 * Not its place in the grid: that changes for every tile with each arrival (each one's text rewritten, each one
 * rendered again), and the list already tells a screen reader where an item stands.
 */
export function photoTileLabel(
  t: TFunction,
  photo: Pick<Photo, 'kind' | 'guestName' | 'createdAt' | 'durationSeconds'>,
  locale: string,
): string {
  const time = shortDateTime(photo.createdAt, locale);
  const name = photo.guestName || null;
  if (photo.kind === 'video') {
    const duration = formatDuration(photo.durationSeconds);
    return name ? t('video.tileLabelBy', { name, duration, time }) : t('video.tileLabel', { duration, time });
  }
  return name ? t('gallery.photoAltBy', { name, time }) : t('gallery.photoAlt', { time });
}

/**
 * Labels kept by each language's `tileLabels`: a few screens of tiles either way of the guest, well over the rows a
 * grid keeps in the page. Not one for every photo scrolled past: a guest who went through ten thousand photos
 * would carry ten thousand labels, and the phone's garbage collector would go through them all at each pause.
 */
export const KEPT_TILE_LABELS = 600;

/**
 * The tiles' labels in one language (the grid makes one of these per language): a photo's made once and kept
 * while its tile is near the screen, so a tile rendered again, or scrolled out and back, asks no translation.
 */
export function tileLabels(
  t: TFunction,
  locale: string,
): (photo: Pick<Photo, 'kind' | 'guestName' | 'createdAt' | 'durationSeconds'>) => string {
  // Oldest first (a Map keeps the order of insertion): the label made longest ago goes first.
  const labels = new Map<object, string>();
  return (photo) => {
    let label = labels.get(photo);
    if (label === undefined) {
      label = photoTileLabel(t, photo, locale);
      labels.set(photo, label);
      if (labels.size > KEPT_TILE_LABELS) labels.delete(labels.keys().next().value!);
    }
    return label;
  };
}
