import { Inject, Injectable, Logger } from '@nestjs/common';
import { isGalleryCode, RequestContracts } from '@gallery/contracts';
import { AppError, askService, EventBus } from '@gallery/platform';

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
    const reply = await askService(
      this.bus,
      RequestContracts.OwnerAuthorization,
      { code, authorization: authorization.slice(0, 1000) },
      this.logger,
    );
    if (!reply.gallery) throw new AppError('GALLERY_NOT_FOUND');
    if (!reply.owner) throw new AppError('NOT_GALLERY_OWNER');
  }
}
