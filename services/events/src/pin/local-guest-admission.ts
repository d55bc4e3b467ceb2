import { Inject, Injectable } from '@nestjs/common';
import type { GuestAdmissionRequest } from '@gallery/contracts';
import { GuestAdmission } from '@gallery/platform';
import { GalleryPins } from './gallery-pins.js';

/** Guest admission decided here, where the PIN and its passes are (GalleryPins). */
@Injectable()
export class LocalGuestAdmission extends GuestAdmission {
  constructor(@Inject(GalleryPins) private readonly pins: GalleryPins) {
    super();
  }

  admits(request: GuestAdmissionRequest): Promise<boolean> {
    return this.pins.admits(request);
  }
}
