import { Controller, Inject } from '@nestjs/common';
import { RequestContracts, type GuestCopyReply, type GuestCopyRequest } from '@gallery/contracts';
import { AnswersRequest } from '@gallery/platform';
import { PendingGuestCopies } from './pending-guest-copies.js';

/**
 * Answers `Requests.GuestCopy`: download (a guests' zip, or the couple's without metadata) and backup (a copy to
 * the couple's drive without metadata) ask for a photo's guests' copy, made now when it is still to be made.
 */
@Controller()
export class GuestCopyResponder {
  constructor(@Inject(PendingGuestCopies) private readonly pending: PendingGuestCopies) {}

  @AnswersRequest(RequestContracts.GuestCopy, { refusal: { key: null } })
  async answer(request: GuestCopyRequest): Promise<GuestCopyReply> {
    return {
      key: await this.pending.ofPhoto(request.photoId, { gallery: request.code, lane: 'background' }),
    };
  }
}
