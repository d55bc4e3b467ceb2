import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  galleryStateReplySchema,
  galleryStateRequestSchema,
  Requests,
  type GalleryStateReply,
  type GalleryStateRequest,
} from '@gallery/contracts';
import { EventBus, RequestResponder } from '@gallery/platform';
import { GalleryEntity } from './gallery.entity.js';

/**
 * Answers `Requests.GalleryState` for the gateway: a gallery's plan, expiry and guest downloads as they are now,
 * the first message of each `eventUpdated` subscription. Nothing in it is hidden from a guest of the gallery
 * (its page reads the same fields), and the gateway asks only for sockets it admitted.
 */
@Injectable()
export class GalleryStateResponder extends RequestResponder<GalleryStateRequest, GalleryStateReply> {
  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {
    super(bus, {
      subject: Requests.GalleryState,
      queue: 'events-service',
      request: galleryStateRequestSchema,
      refusal: { state: null },
      reply: galleryStateReplySchema,
    });
  }

  protected async answer(request: GalleryStateRequest): Promise<GalleryStateReply> {
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
