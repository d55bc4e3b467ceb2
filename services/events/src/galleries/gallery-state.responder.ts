import { Controller, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RequestContracts, type GalleryStateReply, type GalleryStateRequest } from '@gallery/contracts';
import { AnswersRequest } from '@gallery/platform';
import { GalleryEntity } from './gallery.entity.js';

/**
 * Answers `Requests.GalleryState` for the gateway: a gallery's plan, expiry and guest downloads as they are now,
 * the first message of each `eventUpdated` subscription. Nothing in it is hidden from a guest of the gallery
 * (its page reads the same fields), and the gateway asks only for sockets it admitted.
 */
@Controller()
export class GalleryStateResponder {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  @AnswersRequest(RequestContracts.GalleryState, { refusal: { state: null } })
  async answer(request: GalleryStateRequest): Promise<GalleryStateReply> {
    const event = await this.dataSource.getRepository(GalleryEntity).findOne({
      select: { code: true, plan: true, expiresAt: true, guestDownloads: true },
      where: { code: request.code },
    });
    if (!event) return { state: null };
    return {
      state: {
        code: event.code,
        plan: event.plan,
        expiresAt: event.expiresAt.toISOString(),
        guestDownloadsAllowed: event.guestDownloads,
      },
    };
  }
}
