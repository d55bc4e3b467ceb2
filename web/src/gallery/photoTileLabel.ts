import type { TFunction } from 'i18next';
import type { Photo } from './graphql';
import { formatDuration } from './formatDuration';

const formats = new Map<string, Intl.DateTimeFormat>();

/** Day and time in the viewer's zone ("Jun 12, 9:41 PM", "12 juin, 21:41"); one formatter per language. */
function shortDateTime(iso: string, locale: string): string {
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
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
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
