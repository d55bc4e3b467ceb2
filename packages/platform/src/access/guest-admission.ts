import { Inject, Injectable, Logger } from '@nestjs/common';
import { RequestContracts, type GuestAdmissionRequest } from '@gallery/contracts';
import { EventBus } from '../events/event-bus.js';
import { askService } from '../events/service-request.js';

/**
 * Whether a guest request may reach a gallery: always, unless the couple set a PIN; then only with a live pass
 * for that gallery (`pass`, from the PIN_PASS_HEADER) or as its owner (`authorization`). Events holds the PIN
 * and the passes and answers it locally; every other service asks events (RemoteGuestAdmission).
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
