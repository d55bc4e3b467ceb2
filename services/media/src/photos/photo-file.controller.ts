import { Controller, Get, Headers, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PHOTO_VARIANTS, type PhotoVariant } from './photo-variant.js';
import { PhotosService } from './photos.service.js';

/** Browsers may reuse a redirect for 5 minutes: half the 10 minutes its presigned URL stays valid. */
const CACHED_REDIRECT = 'private, max-age=300';
/** A preview still being made answers with the thumbnail: asked again each time, so the preview shows once made. */
const PROVISIONAL_REDIRECT = 'no-store';

/**
 * The stable photo URLs pages embed. Each answer is a redirect to a presigned URL valid 10 minutes; browsers
 * may reuse the redirect for 5, so a cached one always points at a URL that still works.
 */
@Controller('media/photos')
export class PhotoFileController {
  constructor(@Inject(PhotosService) private readonly photos: PhotosService) {}

  @Get(':id/:variant')
  async redirect(
    @Param('id') id: string,
    @Param('variant') variant: string,
    @Res() response: Response,
    // Set by the gateway on a couple's domain: only that gallery's photos are answered there.
    @Headers('x-gallery-scope') gallery: string | undefined,
  ): Promise<void> {
    const link = (PHOTO_VARIANTS as readonly string[]).includes(variant)
      ? await this.photos.downloadUrl(id, variant as PhotoVariant, gallery)
      : null;
    if (!link) throw new NotFoundException();
    response.setHeader('Cache-Control', link.provisional ? PROVISIONAL_REDIRECT : CACHED_REDIRECT);
    response.redirect(302, link.url);
  }
}
