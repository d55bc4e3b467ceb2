import { createHash } from 'node:crypto';
import type { GuestAdmissionReply, GuestAdmissionRequest } from '@gallery/contracts';

/** A gallery's PIN as events last told it (`event.privacy-changed`, or its answer to a question): set, and its version. */
export interface KnownPin {
  set: boolean;
  version: number;
}

/**
 * What a service has recorded of its galleries' PINs; null: nothing yet. `learn` keeps a state only over an older
 * one: versions only grow, so a message handled late never brings back an old state.
 */
export abstract class KnownGalleryPins {
  abstract pinOf(code: string): Promise<KnownPin | null>;
  abstract learn(code: string, pin: KnownPin): Promise<void>;
}

/** How long a yes from events is remembered, and for how many distinct questions at most (the least used go). */
export const REMEMBERED_ADMISSIONS = Object.freeze({ ms: 5 * 60 * 1000, entries: 10_000 });

/**
 * Keys by how recently they were used, each until a time, at most `entries` of them (a Map keeps insertion
 * order, so the least recently used is first).
 */
class ExpiringEntries<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  constructor(
    private readonly limits: { ms: number; entries: number },
    private readonly now: () => number,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.until <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.now() + this.limits.ms });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.entries) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The yeses events gave lately, by question. Keys are hashes: the memory holds no pass and no token. */
export class RememberedAdmissions {
  private readonly yeses: ExpiringEntries<true>;

  constructor(limits: { ms: number; entries: number } = REMEMBERED_ADMISSIONS, now: () => number = Date.now) {
    this.yeses = new ExpiringEntries(limits, now);
  }

  static key(request: GuestAdmissionRequest, version: number): string {
    const question = [request.code, version, request.pass ?? '', request.authorization ?? ''];
    return createHash('sha256').update(JSON.stringify(question)).digest('base64url');
  }

  has(key: string): boolean {
    return this.yeses.get(key) === true;
  }

  remember(key: string): void {
    this.yeses.set(key, true);
  }

  get size(): number {
    return this.yeses.size;
  }
}

/**
 * PIN states held in memory, for a process without a database (the gateway): what `event.privacy-changed` and
 * events' answers told it, each for REMEMBERED_ADMISSIONS.ms at most (a message missed is forgotten in time), and
 * all of it forgotten (`forgetAll`) when the process may have missed messages (its NATS connection came back).
 */
export class MemoryGalleryPins extends KnownGalleryPins {
  private readonly pins: ExpiringEntries<KnownPin>;

  constructor(limits: { ms: number; entries: number } = REMEMBERED_ADMISSIONS, now: () => number = Date.now) {
    super();
    this.pins = new ExpiringEntries(limits, now);
  }

  pinOf(code: string): Promise<KnownPin | null> {
    return Promise.resolve(this.pins.get(code) ?? null);
  }

  learn(code: string, pin: KnownPin): Promise<void> {
    const known = this.pins.get(code);
    if (!known || known.version < pin.version) this.pins.set(code, pin);
    return Promise.resolve();
  }

  forgetAll(): void {
    this.pins.clear();
  }
}

/** The version of a PIN state not known: older than any real one (versions start at 0). */
export const UNKNOWN_PIN_VERSION = -1;

export interface PinAdmissionLog {
  warn(message: string): void;
}

/**
 * Guest admission from what this process knows of the gallery's PIN (KnownGalleryPins), asking events (`ask`)
 * only when it must. No PIN: admitted, nothing asked. A PIN: events is asked and its yes remembered for
 * REMEMBERED_ADMISSIONS.ms under that PIN's version, for exactly that question (gallery, pass), so a guest's next
 * requests ask nothing, the same question asked while one is under way shares its answer, and a new version (the
 * PIN changed or removed) makes every remembered yes worthless at once. Not remembered: a no (a guest who has
 * just entered the PIN gets in at once), and a yes to a question carrying an owner's token (a session ended on
 * the server must stop letting its token in at once). A gallery not known yet: asked, and its PIN state learnt
 * from the answer, so it is asked about once.
 */
export class PinAdmission {
  private readonly remembered = new RememberedAdmissions();
  private readonly underWay = new Map<string, Promise<number | null>>();

  constructor(
    private readonly pins: KnownGalleryPins,
    private readonly ask: (request: GuestAdmissionRequest) => Promise<GuestAdmissionReply>,
    private readonly log: PinAdmissionLog = console,
  ) {}

  async admits(request: GuestAdmissionRequest): Promise<boolean> {
    return (await this.admittedUnder(request)) !== null;
  }

  /**
   * The PIN version a yes was given under (UNKNOWN_PIN_VERSION when events named none), null for a no: a holder of
   * a long-lived admission (a live socket) drops it once it hears of a PIN set under a newer version.
   */
  async admittedUnder(request: GuestAdmissionRequest): Promise<number | null> {
    const pin = await this.pins.pinOf(request.code);
    if (pin && !pin.set) return pin.version;
    if (pin && this.remembered.has(RememberedAdmissions.key(request, pin.version))) return pin.version;
    const question = RememberedAdmissions.key(request, pin?.version ?? UNKNOWN_PIN_VERSION);
    let answer = this.underWay.get(question);
    if (!answer) {
      answer = this.askEvents(request, pin).finally(() => this.underWay.delete(question));
      this.underWay.set(question, answer);
    }
    return answer;
  }

  /** Events' answer, its PIN state learnt; a yes remembered under the version it was given for. */
  private async askEvents(request: GuestAdmissionRequest, known: KnownPin | null): Promise<number | null> {
    const { admitted, pin } = await this.ask(request);
    if (pin) {
      await this.pins.learn(request.code, pin).catch((error: unknown) => {
        this.log.warn(`could not record gallery ${request.code}'s PIN state: ${String(error)}`);
      });
    }
    const version = pin?.version ?? known?.version;
    if (!admitted) return null;
    if (version !== undefined && !request.authorization) {
      this.remembered.remember(RememberedAdmissions.key(request, version));
    }
    return version ?? UNKNOWN_PIN_VERSION;
  }
}
