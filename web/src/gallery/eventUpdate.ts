import type { ApiPlan } from '../api/plan';

/**
 * A gallery's plan and expiry as the eventUpdated subscription pushes them after an upgrade, a refund or a new
 * wedding date; and whether guests may Download All when the owner changed that (null otherwise).
 */
export interface EventUpdate {
  code: string;
  plan: ApiPlan;
  expiresAt: string;
  guestDownloadsAllowed?: boolean | null;
}

/**
 * The gallery as read, with the latest live plan change of this gallery on top: the plan and expiry shown
 * (and the upload limits that follow the plan) change without a reload. A read begun after the update holds
 * it, so useGallery forgets the update when it starts a new read.
 */
export function withEventUpdate<E extends { code: string; plan: ApiPlan; expiresAt: string }>(
  event: E,
  update: EventUpdate | null,
): E {
  if (!update || update.code !== event.code) return event;
  if (update.plan === event.plan && update.expiresAt === event.expiresAt) return event;
  return { ...event, plan: update.plan, expiresAt: update.expiresAt };
}
