import type { TFunction } from 'i18next';
import type { Photo } from '../api/photos';
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

/** A label's fields: who shared it, a video's length, when. */
type LabelFields = { name?: string; duration?: string; time: string };

/** Says a label's text with its fields: i18next's `t`, or a language's templates of it (`tileLabels`). */
type Say = (key: string, fields: LabelFields) => string;

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
  return labelSaid((key, fields) => t(key, fields), photo, locale);
}

function labelSaid(
  say: Say,
  photo: Pick<Photo, 'kind' | 'guestName' | 'createdAt' | 'durationSeconds'>,
  locale: string,
): string {
  const time = shortDateTime(photo.createdAt, locale);
  const name = photo.guestName || null;
  if (photo.kind === 'video') {
    const duration = formatDuration(photo.durationSeconds);
    return name
      ? say('video.tileLabelBy', { name, duration, time })
      : say('video.tileLabel', { duration, time });
  }
  return name ? say('gallery.photoAltBy', { name, time }) : say('gallery.photoAlt', { time });
}

/** What stands for a field in a label's template: a character no translation holds. */
const FIELD = '\u0001';

/**
 * A label's text as i18next says it, asked once with each field marked, then filled in for each tile: i18next's
 * interpolation allocated about 2 KB a call, a fifth of all a scroll through the grid allocated, which the
 * phone's collector then had to go through.
 */
function labelTemplate(t: TFunction, key: string): (fields: LabelFields) => string {
  const marked = (field: string) => `${FIELD}${field}${FIELD}`;
  // Odd places hold a field's name, even ones the text between.
  const parts = String(
    t(key, { name: marked('name'), duration: marked('duration'), time: marked('time') }),
  ).split(FIELD);
  return (fields) => {
    let text = '';
    for (let at = 0; at < parts.length; at++)
      text += at % 2 === 1 ? (fields[parts[at] as keyof LabelFields] ?? '') : parts[at];
    return text;
  };
}

/**
 * Labels kept by each language's `tileLabels`: a few screens of tiles either way of the guest, well over the rows a
 * grid keeps in the page. Not one for every photo scrolled past: a guest who went through ten thousand photos
 * would carry ten thousand labels, and the phone's garbage collector would go through them all at each pause.
 */
export const KEPT_TILE_LABELS = 600;

/**
 * The tiles' labels in one language (the grid makes one of these per language): each kind of label translated
 * once (`labelTemplate`), a photo's made once and kept while its tile is near the screen, so a tile rendered
 * again, or scrolled out and back, makes nothing.
 */
export function tileLabels(
  t: TFunction,
  locale: string,
): (photo: Pick<Photo, 'kind' | 'guestName' | 'createdAt' | 'durationSeconds'>) => string {
  const templates = new Map<string, (fields: LabelFields) => string>();
  const say: Say = (key, fields) => {
    let template = templates.get(key);
    if (!template) {
      template = labelTemplate(t, key);
      templates.set(key, template);
    }
    return template(fields);
  };
  // Oldest first (a Map keeps the order of insertion): the label made longest ago goes first.
  const labels = new Map<object, string>();
  return (photo) => {
    let label = labels.get(photo);
    if (label === undefined) {
      label = labelSaid(say, photo, locale);
      labels.set(photo, label);
      if (labels.size > KEPT_TILE_LABELS) labels.delete(labels.keys().next().value!);
    }
    return label;
  };
}
