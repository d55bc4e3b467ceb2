import { Inject, Injectable } from '@nestjs/common';
import {
  isGalleryCode,
  normalizeEventCode,
  ownerAuthorizationRequestSchema,
  RequestContracts,
  type EventCreatedData,
} from '@gallery/contracts';
import { AppError, askService, EventBus } from '@gallery/platform';

export interface GalleryOwner {
  gallery: EventCreatedData;
  owner: { email: string };
}

/**
 * The one place billing decides who may act on a gallery: it asks the events service, which holds the owner
 * credentials, whether the request's Authorization header is the gallery's owner token. Billing keeps no
 * secret of its own for this.
 */
@Injectable()
export class OwnerCheck {
  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  /** The gallery and its owner; throws GALLERY_NOT_FOUND or NOT_GALLERY_OWNER. */
  async require(code: string, authorization: string | undefined): Promise<GalleryOwner> {
    const normalized = normalizeEventCode(code);
    if (!isGalleryCode(normalized)) throw new AppError('GALLERY_NOT_FOUND');
    const request = ownerAuthorizationRequestSchema.safeParse({ code: normalized, authorization });
    if (!request.success) throw new AppError('NOT_GALLERY_OWNER');
    const reply = await askService(this.bus, RequestContracts.OwnerAuthorization, request.data);
    if (!reply.gallery) throw new AppError('GALLERY_NOT_FOUND');
    if (!reply.owner) throw new AppError('NOT_GALLERY_OWNER');
    return { gallery: reply.gallery, owner: reply.owner };
  }

  /** The gallery and its owner when the caller is its owner, else null (for fields shown to owners only). */
  async ifOwner(code: string, authorization: string | undefined): Promise<GalleryOwner | null> {
    if (!authorization) return null;
    try {
      return await this.require(code, authorization);
    } catch (error) {
      if (error instanceof AppError && ['GALLERY_NOT_FOUND', 'NOT_GALLERY_OWNER'].includes(error.code)) {
        return null;
      }
      throw error;
    }
  }
}
