import { z } from './validation/zod.js';

// The upload window as the event page sends it (privacy.ts holds its rules, which the web app reads without this).

/** An upload window's end as the event page sends it: ISO 8601 with its offset (at most 40 characters), or null. */
export const windowInstantSchema = z.iso.datetime({ offset: true }).max(40).nullable();

/** The instant, null for none, or undefined when it is no ISO 8601 instant with an offset. */
export function parseWindowInstant(value: string | null | undefined): Date | null | undefined {
  const parsed = windowInstantSchema.safeParse(value ?? null);
  if (!parsed.success) return undefined;
  return parsed.data === null ? null : new Date(parsed.data);
}
