import type { ActivityDay } from './graphql';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The days from the first to the last with activity, each one there: a day without any is drawn at zero, so
 * the line does not leap over it and the axis counts days evenly.
 */
export function everyDay(days: readonly ActivityDay[]): ActivityDay[] {
  if (days.length === 0) return [];
  const byDay = new Map(days.map((day) => [day.day, day]));
  const first = Date.parse(`${days[0]!.day}T00:00:00Z`);
  const last = Date.parse(`${days[days.length - 1]!.day}T00:00:00Z`);
  const filled: ActivityDay[] = [];
  for (let at = first; at <= last; at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    filled.push(byDay.get(day) ?? { day, views: 0, uploads: 0, downloads: 0, guests: 0 });
  }
  return filled;
}

/**
 * Even ticks from zero for counts up to `max`: a step of 1, 2 or 5 times a power of ten, the smallest that
 * needs at most `most` steps (0, 2, 4, 6, 8; 0, 5, 10, 15; 0, 20, 40...). Never fewer than one step.
 */
export function countTicks(max: number, most = 5): number[] {
  const top = Math.max(1, Math.ceil(max));
  let step = 1;
  for (let power = 1; ; power *= 10) {
    const found = [1, 2, 5].map((factor) => factor * power).find((size) => Math.ceil(top / size) <= most);
    if (found !== undefined) {
      step = found;
      break;
    }
  }
  const steps = Math.ceil(top / step);
  return Array.from({ length: steps + 1 }, (_, index) => index * step);
}

/** A yyyy-mm-dd day in the page's language, never ISO: "Dec 5", "5 déc.", "5 dic". */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
