import { Module } from '@nestjs/common';
import { GalleriesModule } from '../galleries/galleries.module.js';
import { OwnersModule } from '../owners/owners.module.js';
import { GalleryPinResolver } from './gallery-pin.resolver.js';
import { GalleryPins } from './gallery-pins.js';
import { GuestAdmissionResponder } from './guest-admission.responder.js';

@Module({
  imports: [GalleriesModule, OwnersModule],
  // Asked by media, download and the gateway before a guest operation on a gallery.
  controllers: [GuestAdmissionResponder],
  providers: [GalleryPins, GalleryPinResolver],
  // For the access check's LocalGuestAdmission (AccessModule).
  exports: [GalleryPins],
})
export class PinModule {}
