import { Controller, Inject } from '@nestjs/common';
import { RequestContracts, type GuestAdmissionReply, type GuestAdmissionRequest } from '@gallery/contracts';
import { AnswersRequest } from '@gallery/platform';
import { GalleryPins } from './gallery-pins.js';

/**
 * Answers `Requests.GuestAdmission`: media, download and the gateway ask before a guest operation on a gallery
 * and get the answer this service's own guest operations get (GalleryPins), with the PIN state it was decided
 * under. A request it cannot read is refused admission.
 */
@Controller()
export class GuestAdmissionResponder {
  constructor(@Inject(GalleryPins) private readonly pins: GalleryPins) {}

  @AnswersRequest(RequestContracts.GuestAdmission, { refusal: { admitted: false } })
  answer(request: GuestAdmissionRequest): Promise<GuestAdmissionReply> {
    return this.pins.admission(request);
  }
}
