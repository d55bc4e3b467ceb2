import { RequestContracts } from '@gallery/contracts';
import { askService, type ServiceRequester, type ServiceRequestLog } from '@gallery/platform/edge';
import type { EventUpdate } from './live-schema.js';

/** Asks events for a gallery's state now (`Requests.GalleryState`); null when no gallery has the code. */
export type AskEventState = (code: string) => Promise<EventUpdate | null>;

/**
 * The first message of each `eventUpdated` subscription: a gallery's plan, expiry and guest downloads as events
 * has them once the subscription listens, so a screen that read the gallery a moment before misses no change made
 * in between (the couple letting guests Download All, a payment applied).
 *
 * Each answer must be read after its caller began listening, or a change whose event came just before would be
 * lost. So a caller never shares a question already sent: it shares the next one, sent as soon as the one under
 * way is answered. A wedding's walls subscribing by the thousand ask events at most twice at a time per gallery.
 */
export class CurrentEventStates {
  private readonly asked = new Map<string, Promise<EventUpdate | null>>();
  private readonly next = new Map<string, Promise<EventUpdate | null>>();

  constructor(private readonly ask: AskEventState) {}

  /** Asking events with `requester` (the gateway's NATS connection), 3 s at most (askService). */
  static askingOver(requester: ServiceRequester, log: ServiceRequestLog): CurrentEventStates {
    return new CurrentEventStates(
      async (code) => (await askService(requester, RequestContracts.GalleryState, { code }, log)).state,
    );
  }

  /** The gallery's state, read by events after this call; rejects when events cannot say. */
  stateOf(code: string): Promise<EventUpdate | null> {
    const queued = this.next.get(code);
    if (queued) return queued;
    const underWay = this.asked.get(code);
    if (!underWay) return this.send(code);
    const after = underWay
      .catch(() => undefined)
      .then(() => {
        this.next.delete(code);
        return this.send(code);
      });
    this.next.set(code, after);
    return after;
  }

  private send(code: string): Promise<EventUpdate | null> {
    const answer = this.ask(code).finally(() => {
      if (this.asked.get(code) === answer) this.asked.delete(code);
    });
    this.asked.set(code, answer);
    return answer;
  }
}
