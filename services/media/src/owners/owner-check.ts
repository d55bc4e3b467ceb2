import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  isGalleryCode,
  ownerAuthorizationReplySchema,
  ownerAuthorizationRequestSchema,
  Requests,
} from '@gallery/contracts';
import { AppError, describeError, EventBus } from '@gallery/platform';

/** Long enough for events to read two rows, short enough that the couple is not left waiting. */
export const OWNER_CHECK_TIMEOUT_MS = 2000;

/**
 * The one place media decides ownership: it asks the events service (which holds the owner credentials and
 * the one ownership check) whether the request's Authorization header belongs to the gallery's owner. No
 * credential is kept here. UNAUTHENTICATED without a credential, NOT_GALLERY_OWNER with another one,
 * SERVICE_UNAVAILABLE when events does not answer.
 */
@Injectable()
export class OwnerCheck {
  private readonly logger = new Logger(OwnerCheck.name);

  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  async requireOwner(code: string, authorization: string | undefined): Promise<void> {
    if (!authorization) throw new AppError('UNAUTHENTICATED');
    if (!isGalleryCode(code)) throw new AppError('GALLERY_NOT_FOUND');
    let reply: unknown;
    try {
      const message = await this.bus.nc.request(
        Requests.OwnerAuthorization,
        JSON.stringify(
          ownerAuthorizationRequestSchema.parse({ code, authorization: authorization.slice(0, 1000) }),
        ),
        { timeout: OWNER_CHECK_TIMEOUT_MS },
      );
      reply = message.json();
    } catch (error) {
      this.logger.warn(`owner authorization unanswered: ${describeError(error)}`);
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    const parsed = ownerAuthorizationReplySchema.safeParse(reply);
    if (!parsed.success) throw new AppError('SERVICE_UNAVAILABLE');
    if (!parsed.data.gallery) throw new AppError('GALLERY_NOT_FOUND');
    if (!parsed.data.owner) throw new AppError('NOT_GALLERY_OWNER');
  }
}
