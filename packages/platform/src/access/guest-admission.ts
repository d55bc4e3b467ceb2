import { Inject, Injectable, Logger } from '@nestjs/common';
import { RequestContracts, type GuestAdmissionReply, type GuestAdmissionRequest } from '@gallery/contracts';
import { EventBus } from '../events/event-bus.js';
import { askService } from '../requests/service-request.js';
import { KnownGalleryPins, PinAdmission } from './pin-admission.js';

/**
 * Whether a guest request may reach a gallery: always, unless the couple set a PIN; then only with a live pass
 * for that gallery (`pass`, from the PIN_PASS_HEADER) or as its owner (`authorization`). Events holds the PIN
 * and the passes and answers it locally; a service that keeps the PIN's state (KnownGalleryPins) answers the
 * common cases itself (KnownPinGuestAdmission); every other service asks events (RemoteGuestAdmission).
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
    return (await this.ask(request)).admitted;
  }

  /** Events' whole answer: admitted, and the gallery's PIN state it decided under. */
  ask(request: GuestAdmissionRequest): Promise<GuestAdmissionReply> {
    return askService(this.bus, RequestContracts.GuestAdmission, request, this.logger);
  }
}

/** Guest admission from the PIN states this service keeps (KnownGalleryPins), asking events only when it must (PinAdmission). */
@Injectable()
export class KnownPinGuestAdmission extends GuestAdmission {
  private readonly admission: PinAdmission;

  constructor(
    @Inject(KnownGalleryPins) pins: KnownGalleryPins,
    @Inject(RemoteGuestAdmission) remote: RemoteGuestAdmission,
  ) {
    super();
    this.admission = new PinAdmission(
      pins,
      (request) => remote.ask(request),
      new Logger(KnownPinGuestAdmission.name),
    );
  }

  admits(request: GuestAdmissionRequest): Promise<boolean> {
    return this.admission.admits(request);
  }
}
