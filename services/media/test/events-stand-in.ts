import { randomUUID } from 'node:crypto';
import {
  guestAdmissionRequestSchema,
  Requests,
  Subjects,
  type DomainEvent,
  type GuestAdmissionRequest,
  type PrivacyChangedData,
} from '@gallery/contracts';
import type { EventBus } from '@gallery/platform';
import { publishAsRelay } from '@gallery/testing';

/**
 * Publishes the couple's privacy settings as events does (whole): today's defaults with `settings` over them.
 * The caller waits for media's read model to hold what it changed.
 */
export async function publishPrivacy(
  bus: EventBus,
  code: string,
  settings: Partial<Omit<PrivacyChangedData, 'code'>>,
): Promise<void> {
  const data: PrivacyChangedData = {
    code,
    visibility: 'everyone',
    revealAt: null,
    uploadsOpenAt: null,
    uploadsCloseAt: null,
    guestOriginals: true,
    ...settings,
  };
  await publishAsRelay(bus, {
    id: randomUUID(),
    type: Subjects.PrivacyChanged,
    occurredAt: new Date().toISOString(),
    data,
  } as DomainEvent);
}

/**
 * The events service's answer to media's guest admission request for galleries without a PIN: every guest
 * admitted. Tests that start media without events answer it with this.
 */
export async function admitEveryGuest(bus: EventBus): Promise<void> {
  await admitAsEvents(bus, new Map());
}

/** A gallery whose couple set a PIN: the passes guests got by entering it, and the owner's Authorization. */
export interface PinnedGallery {
  passes: string[];
  owner: string;
}

/**
 * The events service's answer to guest admission, by its rule (GalleryPins.admits): a gallery without a PIN
 * admits every guest; one with a PIN (in `pinned`, which a test may add to at any time) admits only a pass given
 * for that gallery or its owner's Authorization. A request breaking the contract is refused, as events refuses
 * it. Every question read is added to `asked`, so a test can count them.
 */
export async function admitAsEvents(
  bus: EventBus,
  pinned: ReadonlyMap<string, PinnedGallery>,
  asked: GuestAdmissionRequest[] = [],
): Promise<void> {
  bus.nc.subscribe(Requests.GuestAdmission, {
    callback: (_error, message) => {
      const request = guestAdmissionRequestSchema.safeParse(message.json());
      if (request.success) asked.push(request.data);
      const gallery = request.success ? pinned.get(request.data.code) : undefined;
      const admitted =
        request.success &&
        (!gallery ||
          (request.data.pass !== undefined && gallery.passes.includes(request.data.pass)) ||
          request.data.authorization === gallery.owner);
      message.respond(JSON.stringify({ admitted }));
    },
  });
  await bus.nc.flush();
}
