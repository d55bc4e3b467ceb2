import { liveDeliveries } from '@gallery/platform/observability';
import {
  createSourceEventStream,
  execute,
  print,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import {
  normalizeEventCode,
  type ArchiveProgress,
  type GuestbookMessage,
  type GuestbookMessageRemovedData,
  type HeartCounts,
  type LivePhoto,
} from '@gallery/contracts';
import { EventQueue } from './event-queue.js';
import type { LiveAudience } from './live-admission.js';
import {
  buildLiveSchema,
  type EventUpdate,
  type EventUpdatedEvent,
  type GallerySettingsChange,
  type LiveContext,
  type LiveEvent,
  type LiveField,
  type PhotoRemoval,
  type PhotosReveal,
} from './live-schema.js';

type Execute = (args: ExecutionArgs) => ExecutionResult | Promise<ExecutionResult>;

/**
 * Who an event is for: every open screen of its gallery, or only the couple's (a photo guests may not see yet,
 * a drop box's or one waiting to be approved, and its removal).
 */
export type LiveReach = 'everyone' | 'couple';

/**
 * A gallery's listeners: of each field, the guests' (`photoAdded`) and the couple's (`photoAdded:couple`); a
 * guest's socket that presented a guest identity is also under its token's digest (`photoRemoved:guest:<digest>`),
 * for what concerns that guest's own photos only.
 */
type ListenerKey = LiveField | `${LiveField}:couple` | `${LiveField}:guest:${string}`;

/**
 * Delivers each live event (a new photo, a plan change, a step of a zip build) to the open gallery screens of its gallery, in process:
 * one set of listeners per gallery code, each listener hearing the one subscription field it asked for.
 *
 * Known gateways resolve an event once per subscriber. Here the payload already carries every field (event-
 * carried state, no subgraph query), and the selection set is executed once per distinct operation (document,
 * operation name, variables) per event; every subscriber with that operation gets the same result object.
 * Sharing is sound because only the subscribe resolver reads the per-connection context, never the selection.
 */
export class LiveFanout {
  readonly schema: GraphQLSchema;
  /** Per gallery code, the listeners of each subscription field. */
  private readonly listeners = new Map<string, Map<ListenerKey, Set<EventQueue<LiveEvent>>>>();
  // Keyed by the event object, so an event's results go away with the event once every queue has sent it.
  private readonly results = new WeakMap<
    LiveEvent,
    Map<string, ExecutionResult | Promise<ExecutionResult>>
  >();
  /**
   * The event being handed out and its results: every subscriber of a publish asks for the same event in turn,
   * so each finds them here rather than in the WeakMap (an ephemeron lookup per socket and event).
   */
  private latestEvent: LiveEvent | undefined;
  private latestResults: Map<string, ExecutionResult | Promise<ExecutionResult>> | undefined;
  private readonly stateEvents = new WeakMap<EventUpdate, EventUpdatedEvent>();

  /**
   * `currentEventState`: a gallery's plan, expiry and guest downloads as they are now (CurrentEventStates), the
   * first message of each `eventUpdated` subscription; without it, such a subscription hears changes only.
   */
  constructor(
    private readonly executeSelection: Execute = execute,
    private readonly currentEventState?: (code: string) => Promise<EventUpdate | null>,
  ) {
    this.schema = buildLiveSchema((field, eventCode, fellBehind, audience, guestTokenDigest) =>
      this.listen(eventCode, fellBehind, field, audience, guestTokenDigest),
    );
  }

  /**
   * A stream of one gallery's events of one kind (new photos unless `field` says otherwise) from now on, an
   * `eventUpdated` one starting with the gallery's state as it is now;
   * `return()` it to stop listening. It ends and calls `fellBehind` when its reader falls too far behind. The
   * couple's also hear the events for the couple only; a guest's with `guestTokenDigest` also those for that
   * guest identity only.
   */
  listen(
    eventCode: string,
    fellBehind: () => void,
    liveField: LiveField = 'photoAdded',
    audience: LiveAudience = 'guests',
    guestTokenDigest?: string,
  ): EventQueue<LiveEvent> {
    const fields: ListenerKey[] =
      audience === 'couple'
        ? [`${liveField}:couple`]
        : guestTokenDigest
          ? [liveField, `${liveField}:guest:${guestTokenDigest}`]
          : [liveField];
    const code = normalizeEventCode(eventCode);
    let byField = this.listeners.get(code);
    if (!byField) {
      byField = new Map();
      this.listeners.set(code, byField);
    }
    const gallery = byField;
    const sets = fields.map((field) => {
      let queues = gallery.get(field);
      if (!queues) {
        queues = new Set();
        gallery.set(field, queues);
      }
      return { field, queues };
    });
    const queue: EventQueue<LiveEvent> = new EventQueue(() => {
      for (const { field, queues } of sets) {
        queues.delete(queue);
        if (queues.size === 0 && gallery.get(field) === queues) gallery.delete(field);
      }
      if (gallery.size === 0 && this.listeners.get(code) === gallery) this.listeners.delete(code);
    }, fellBehind);
    for (const { queues } of sets) queues.add(queue);
    // Asked once listening has begun: a change events makes from now on is either in the answer or comes after it.
    if (liveField === 'eventUpdated' && this.currentEventState) {
      queue.startWith(
        this.currentEventState(code).then((state) => (state ? this.eventOfState(state) : undefined)),
      );
    }
    return queue;
  }

  /** Hands the photo to every photoAdded listener of its gallery (or the couple's only); returns how many there were. */
  publish(photo: LivePhoto, reach: LiveReach = 'everyone'): number {
    return this.deliver(photo.eventCode, 'photoAdded', { photoAdded: photo }, reach);
  }

  /** Hands a gallery's new plan and expiry to every eventUpdated listener of it; returns how many there were. */
  publishEventUpdate(update: EventUpdate): number {
    return this.deliver(update.code, 'eventUpdated', { eventUpdated: update });
  }

  /**
   * Hands a step of a gallery's zip build to its archiveProgress listeners: the couple's always, the guests'
   * only for a zip guests may read (`forGuests`), so no guest learns the id of the couple's own zips.
   */
  publishArchiveProgress(progress: ArchiveProgress): number {
    const { forGuests, ...step } = progress;
    return this.deliver(
      progress.eventCode,
      'archiveProgress',
      { archiveProgress: step },
      forGuests === true ? 'everyone' : 'couple',
    );
  }

  /** Hands a removed photo to every photoRemoved listener of its gallery (or the couple's only). */
  publishPhotoRemoval(removal: PhotoRemoval, reach: LiveReach = 'everyone'): number {
    return this.deliver(removal.eventCode, 'photoRemoved', { photoRemoved: removal }, reach);
  }

  /**
   * Hands a removed photo to the photoRemoved listeners of the one guest identity whose token has this digest
   * (its uploader), with the count that guest sees; returns how many there were.
   */
  publishOwnPhotoRemoval(removal: PhotoRemoval, guestTokenDigest: string): number {
    const gallery = this.listeners.get(normalizeEventCode(removal.eventCode));
    return handOut(gallery?.get(`photoRemoved:guest:${guestTokenDigest}`), { photoRemoved: removal });
  }

  /** Tells every gallerySettingsChanged listener of a gallery that who sees which photos changed. */
  publishSettingsChange(change: GallerySettingsChange): number {
    return this.deliver(change.eventCode, 'gallerySettingsChanged', { gallerySettingsChanged: change });
  }

  /** Tells every photosRevealed listener of a gallery that its reveal time has come. */
  publishReveal(reveal: PhotosReveal): number {
    return this.deliver(reveal.eventCode, 'photosRevealed', { photosRevealed: reveal });
  }

  /**
   * Hands a batch of a gallery's new heart counts to its heartCountsChanged listeners: the couple's always, the
   * guests' only when every guest sees those photos (`forGuests`), so no guest learns of a photo hidden from them.
   */
  publishHeartCounts(counts: HeartCounts): number {
    const { forGuests, ...batch } = counts;
    return this.deliver(
      counts.eventCode,
      'heartCountsChanged',
      { heartCountsChanged: batch },
      forGuests === true ? 'everyone' : 'couple',
    );
  }

  /** Hands a new guestbook message to every guestbookMessageAdded listener of its gallery (the wall too). */
  publishGuestbookMessage(message: GuestbookMessage): number {
    return this.deliver(message.eventCode, 'guestbookMessageAdded', { guestbookMessageAdded: message });
  }

  /** Hands a removed guestbook message to every guestbookMessageRemoved listener of its gallery. */
  publishGuestbookRemoval(removal: GuestbookMessageRemovedData): number {
    return this.deliver(removal.eventCode, 'guestbookMessageRemoved', { guestbookMessageRemoved: removal });
  }

  private deliver(
    eventCode: string,
    field: LiveField,
    event: LiveEvent,
    reach: LiveReach = 'everyone',
  ): number {
    const gallery = this.listeners.get(normalizeEventCode(eventCode));
    if (!gallery) return 0;
    const couple = gallery.get(`${field}:couple`);
    const handed = (reach === 'everyone' ? handOut(gallery.get(field), event) : 0) + handOut(couple, event);
    if (handed > 0) liveDeliveries.inc({ field }, handed);
    return handed;
  }

  /** One event per answer about a gallery's state, so screens sharing the answer share its execution too. */
  private eventOfState(state: EventUpdate): EventUpdatedEvent {
    let event = this.stateEvents.get(state);
    if (!event) {
      event = { eventUpdated: state };
      this.stateEvents.set(state, event);
    }
    return event;
  }

  /** Open subscriptions, of every field: of one gallery, or of all. */
  listenerCount(eventCode?: string): number {
    const galleries =
      eventCode === undefined
        ? [...this.listeners.values()]
        : [this.listeners.get(normalizeEventCode(eventCode)) ?? new Map<ListenerKey, Set<unknown>>()];
    let count = 0;
    // A guest's own set repeats queues of its field's set: counted there.
    for (const byField of galleries)
      for (const [field, queues] of byField) if (!field.includes(':guest:')) count += queues.size;
    return count;
  }

  /**
   * graphql-ws's `subscribe`: graphql-js's subscription algorithm with the per-event execution shared. When the
   * context has `deliver`, each result goes there as its event is published, in the same synchronous step (no
   * promise, iterator step or buffered event per event and subscriber); the stream returned then yields nothing
   * and ends when the subscription does.
   */
  async subscribe(args: ExecutionArgs): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
    const source = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in source)) return source;
    const events = source[Symbol.asyncIterator]() as AsyncIterator<LiveEvent>;
    const operation = operationKey(args);
    const deliver = (args.contextValue as LiveContext | undefined)?.deliver;
    if (deliver && events instanceof EventQueue) {
      events.consume(this.delivering(operation, args, deliver));
      return events as unknown as AsyncIterableIterator<ExecutionResult>;
    }
    const results: AsyncIterableIterator<ExecutionResult> = {
      next: async () => {
        const next = await events.next();
        if (next.done) return { value: undefined, done: true };
        return { value: await this.resultFor(next.value, operation, args), done: false };
      },
      return: async () => {
        await events.return?.();
        return { value: undefined, done: true };
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
    return results;
  }

  /** Hands each event's result to `deliver`, in the order of the events even when an execution is async. */
  private delivering(
    operation: string,
    args: ExecutionArgs,
    deliver: (result: ExecutionResult) => void,
  ): (event: LiveEvent) => void {
    let behind: Promise<unknown> | undefined;
    return (event) => {
      const result = this.resultFor(event, operation, args);
      if (!behind && !(result instanceof Promise)) return deliver(result);
      const delivered: Promise<unknown> = (behind ?? Promise.resolve())
        .then(() => result)
        .then(deliver)
        .finally(() => {
          if (behind === delivered) behind = undefined;
        });
      behind = delivered;
    };
  }

  private resultFor(
    event: LiveEvent,
    operation: string,
    args: ExecutionArgs,
  ): ExecutionResult | Promise<ExecutionResult> {
    let byOperation = this.latestResults;
    if (event !== this.latestEvent || !byOperation) {
      byOperation = this.results.get(event);
      if (!byOperation) {
        byOperation = new Map();
        this.results.set(event, byOperation);
      }
      this.latestEvent = event;
      this.latestResults = byOperation;
    }
    let result = byOperation.get(operation);
    if (!result) {
      result = this.executeSelection({ ...args, rootValue: event });
      byOperation.set(operation, result);
    }
    return result;
  }
}

/** Hands the event to each queue; returns how many there were. */
function handOut(queues: Set<EventQueue<LiveEvent>> | undefined, event: LiveEvent): number {
  if (!queues) return 0;
  // Counted first: a queue that overflows leaves the set while it is handed the event.
  const count = queues.size;
  for (const queue of queues) queue.push(event);
  return count;
}

/**
 * Each distinct printed document gets a short number, remembered per document object: the subscription server
 * hands every socket of one query text the same document, so a screen's key is printed never and is a few bytes,
 * not the document's text, for as long as it stays open.
 */
const documentNumbers = new WeakMap<ExecutionArgs['document'], number>();
const numbersByText = new Map<string, number>();
let documentCount = 0;

function operationKey(args: ExecutionArgs): string {
  let number = documentNumbers.get(args.document);
  if (number === undefined) {
    const text = print(args.document);
    number = numbersByText.get(text);
    if (number === undefined) {
      // Bounded: past the limit, new texts get fresh numbers (sharing lost, never correctness).
      if (numbersByText.size >= 10_000) numbersByText.clear();
      number = documentCount++;
      numbersByText.set(text, number);
    }
    documentNumbers.set(args.document, number);
  }
  return JSON.stringify([number, args.operationName ?? null, args.variableValues ?? {}]);
}
