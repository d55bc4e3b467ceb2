import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { RequestContracts, type GuestAdmissionRequest } from '@gallery/contracts';
import { EventBus } from '../events/event-bus.js';
import { askService } from '../events/service-request.js';

/**
 * Whether a guest request may reach a gallery: always, unless the couple set a PIN; then only with a live pass
 * for that gallery (`pass`, from the PIN_PASS_HEADER) or as its owner (`authorization`). Events holds the PIN
 * and the passes and answers it locally; a service that keeps the PIN's state from `event.privacy-changed`
 * answers the common cases itself (KnownPinGuestAdmission); every other service asks events
 * (RemoteGuestAdmission).
 */
export abstract class GuestAdmission {
  abstract admits(request: GuestAdmissionRequest): Promise<boolean>;
}

/** Asks the events service over NATS (Requests.GuestAdmission); SERVICE_UNAVAILABLE when it cannot say. */
@Injectable()
export class RemoteGuestAdmission extends GuestAdmission {
  private readonly logger = new Logger(RemoteGuestAdmission.name);

  constructor(@Inject(EventBus) private readonly bus: EventBus) {
    super();
  }

  async admits(request: GuestAdmissionRequest): Promise<boolean> {
    const reply = await askService(this.bus, RequestContracts.GuestAdmission, request, this.logger);
    return reply.admitted;
  }
}

/** A gallery's PIN as `event.privacy-changed` last told it: whether it is set, and its version. */
export interface KnownPin {
  set: boolean;
  version: number;
}

/** What a service has recorded of its galleries' PINs (from events' domain events); null: nothing yet. */
export abstract class KnownGalleryPins {
  abstract pinOf(code: string): Promise<KnownPin | null>;
}

/** How long a yes from events is remembered, and for how many distinct questions at most (the least used go). */
export const REMEMBERED_ADMISSIONS = Object.freeze({ ms: 5 * 60 * 1000, entries: 10_000 });

/**
 * The yeses events gave lately, by question, least recently used first (a Map keeps insertion order). Keys are
 * hashes: the memory holds no pass and no token.
 */
export class RememberedAdmissions {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly limits: { ms: number; entries: number } = REMEMBERED_ADMISSIONS,
    private readonly now: () => number = Date.now,
  ) {}

  static key(request: GuestAdmissionRequest, version: number): string {
    const question = [request.code, version, request.pass ?? '', request.authorization ?? ''];
    return createHash('sha256').update(JSON.stringify(question)).digest('base64url');
  }

  has(key: string): boolean {
    const until = this.until.get(key);
    if (until === undefined) return false;
    this.until.delete(key);
    if (until <= this.now()) return false;
    this.until.set(key, until);
    return true;
  }

  remember(key: string): void {
    this.until.delete(key);
    this.until.set(key, this.now() + this.limits.ms);
    for (const oldest of this.until.keys()) {
      if (this.until.size <= this.limits.entries) break;
      this.until.delete(oldest);
    }
  }

  get size(): number {
    return this.until.size;
  }
}

/**
 * Guest admission from what this service has recorded of the gallery's PIN (KnownGalleryPins), asking events
 * only when it must. No PIN: admitted, nothing asked. A PIN: events is asked and its yes is remembered for
 * REMEMBERED_ADMISSIONS.ms under that PIN's version, for exactly that question (gallery, pass, Authorization),
 * so a guest's next requests ask nothing, the same question asked while one is under way shares its answer,
 * and a new version (the PIN changed or removed) makes every remembered yes worthless at once. A no is never
 * remembered: a guest who has just entered the PIN gets in at once. A gallery not recorded yet: asked every time.
 */
@Injectable()
export class KnownPinGuestAdmission extends GuestAdmission {
  private readonly remembered = new RememberedAdmissions();
  private readonly underWay = new Map<string, Promise<boolean>>();

  constructor(
    @Inject(KnownGalleryPins) private readonly pins: KnownGalleryPins,
    @Inject(RemoteGuestAdmission) private readonly remote: GuestAdmission,
  ) {
    super();
  }

  async admits(request: GuestAdmissionRequest): Promise<boolean> {
    const pin = await this.pins.pinOf(request.code);
    if (!pin) return this.remote.admits(request);
    if (!pin.set) return true;
    const key = RememberedAdmissions.key(request, pin.version);
    if (this.remembered.has(key)) return true;
    return this.underWay.get(key) ?? this.ask(key, request);
  }

  private ask(key: string, request: GuestAdmissionRequest): Promise<boolean> {
    const asked = this.remote
      .admits(request)
      .then((admitted) => {
        if (admitted) this.remembered.remember(key);
        return admitted;
      })
      .finally(() => this.underWay.delete(key));
    this.underWay.set(key, asked);
    return asked;
  }
}
