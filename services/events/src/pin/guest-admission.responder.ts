import { Inject, Injectable } from '@nestjs/common';
import {
  guestAdmissionReplySchema,
  guestAdmissionRequestSchema,
  Requests,
  type GuestAdmissionReply,
  type GuestAdmissionRequest,
} from '@gallery/contracts';
import { EventBus, RequestResponder } from '@gallery/platform';
import { GalleryPins } from './gallery-pins.js';

/**
 * Answers `Requests.GuestAdmission`: media, download and the gateway ask before a guest operation on a gallery
 * and get the answer this service's own guest operations get (GalleryPins), with the PIN state it was decided
 * under. A request it cannot read is refused admission.
 */
@Injectable()
export class GuestAdmissionResponder extends RequestResponder<GuestAdmissionRequest, GuestAdmissionReply> {
  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(GalleryPins) private readonly pins: GalleryPins,
  ) {
    super(bus, {
      subject: Requests.GuestAdmission,
      queue: 'events-service',
      request: guestAdmissionRequestSchema,
      refusal: { admitted: false },
      reply: guestAdmissionReplySchema,
    });
  }

  protected answer(request: GuestAdmissionRequest): Promise<GuestAdmissionReply> {
    return this.pins.admission(request);
  }
}
