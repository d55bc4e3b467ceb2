import { Inject, Injectable } from '@nestjs/common';
import {
  guestAdmissionReplySchema,
  guestAdmissionRequestSchema,
  Requests,
  type GuestAdmissionReply,
  type GuestAdmissionRequest,
} from '@gallery/contracts';
import { EventBus, GuestAdmission, RequestResponder } from '@gallery/platform';

/**
 * Answers `Requests.GuestAdmission`: media, download and the gateway ask before a guest operation on a gallery
 * and get the answer this service's own guest operations get (LocalGuestAdmission). A request it cannot read
 * is refused admission.
 */
@Injectable()
export class GuestAdmissionResponder extends RequestResponder<GuestAdmissionRequest, GuestAdmissionReply> {
  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(GuestAdmission) private readonly admission: GuestAdmission,
  ) {
    super(bus, {
      subject: Requests.GuestAdmission,
      queue: 'events-service',
      request: guestAdmissionRequestSchema,
      refusal: { admitted: false },
      reply: guestAdmissionReplySchema,
    });
  }

  protected async answer(request: GuestAdmissionRequest): Promise<GuestAdmissionReply> {
    return { admitted: await this.admission.admits(request) };
  }
}
