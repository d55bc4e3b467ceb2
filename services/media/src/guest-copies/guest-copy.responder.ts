import { Inject, Injectable } from '@nestjs/common';
import {
  guestCopyReplySchema,
  guestCopyRequestSchema,
  Requests,
  type GuestCopyReply,
  type GuestCopyRequest,
} from '@gallery/contracts';
import { EventBus, RequestResponder } from '@gallery/platform';
import { PendingGuestCopies } from './pending-guest-copies.js';

/**
 * Answers `Requests.GuestCopy`: download (a guests' zip, or the couple's without metadata) and backup (a copy to
 * the couple's drive without metadata) ask for a photo's guests' copy, made now when it is still to be made.
 */
@Injectable()
export class GuestCopyResponder extends RequestResponder<GuestCopyRequest, GuestCopyReply> {
  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(PendingGuestCopies) private readonly pending: PendingGuestCopies,
  ) {
    super(bus, {
      subject: Requests.GuestCopy,
      queue: 'media-service',
      request: guestCopyRequestSchema,
      reply: guestCopyReplySchema,
      refusal: { key: null },
    });
  }

  protected async answer(request: GuestCopyRequest): Promise<GuestCopyReply> {
    return {
      key: await this.pending.ofPhoto(request.photoId, { gallery: request.code, lane: 'background' }),
    };
  }
}
