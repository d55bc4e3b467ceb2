import { Controller, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  photosSharedWithGuests,
  RequestContracts,
  type DownloadPermissionReply,
  type DownloadPermissionRequest,
} from '@gallery/contracts';
import { AnswersRequest, bearerTokenFromHeader } from '@gallery/platform';
import { GalleryEntity } from '../galleries/gallery.entity.js';
import { OwnerTokens } from '../owners/owner-tokens.js';

const NO_GALLERY: DownloadPermissionReply = { gallery: null, owner: false, guestDownloadsAllowed: false };

/**
 * Answers `Requests.DownloadPermission` for the download service: whether the caller is the gallery's owner
 * (the one ownership check, OwnerTokens) and whether the owner lets guests download.
 */
@Controller()
export class DownloadPermissionResponder {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OwnerTokens) private readonly ownerTokens: OwnerTokens,
  ) {}

  @AnswersRequest(RequestContracts.DownloadPermission, { refusal: NO_GALLERY })
  async answer(request: DownloadPermissionRequest): Promise<DownloadPermissionReply> {
    const event = await this.dataSource.getRepository(GalleryEntity).findOneBy({ code: request.code });
    if (!event) return NO_GALLERY;
    return {
      gallery: { code: event.code, name: event.name },
      owner: await this.ownerTokens.verify(event.code, bearerTokenFromHeader(request.authorization)),
      guestDownloadsAllowed: event.guestDownloads,
      photosShared: photosSharedWithGuests(event, new Date()),
    };
  }
}
