import { Controller, Get, Headers, Inject, NotFoundException, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { englishMessage } from '@gallery/contracts';
import { OwnerAuthority } from '@gallery/platform';
import { PHOTO_VARIANTS, type PhotoVariant } from './photo-variant.js';
import { PhotosService } from './photos.service.js';

/** Browsers may reuse a redirect for 5 minutes: half the 10 minutes its presigned URL stays valid. */
const CACHED_REDIRECT = 'private, max-age=300';
/** A preview still being made answers with the thumbnail: asked again each time, so the preview shows once made. */
const PROVISIONAL_REDIRECT = 'no-store';

/**
 * The stable photo URLs pages embed. Each answer is a redirect to a presigned URL valid 10 minutes; browsers
 * may reuse the redirect for 5, so a cached one always points at a URL that still works. A photo's original in
 * a gallery whose couple turned guests' originals off is answered 403 ORIGINALS_NOT_ALLOWED unless the request
 * carries the couple's Authorization (the gallery page asks `photoOriginalUrl` instead, as links carry none).
 * While a gallery's photos are not shared with every guest (a drop box, a reveal to come), a URL without the
 * photo's pass is answered 404, as for a photo that does not exist.
 */
@Controller('media/photos')
export class PhotoFileController {
  constructor(
    @Inject(PhotosService) private readonly photos: PhotosService,
    @Inject(OwnerAuthority) private readonly owners: OwnerAuthority,
  ) {}

  @Get(':id/:variant')
  async redirect(
    @Param('id') id: string,
    @Param('variant') variant: string,
    @Res() response: Response,
    // Set by the gateway on a couple's domain: only that gallery's photos are answered there.
    @Headers('x-gallery-scope') gallery: string | undefined,
    @Headers('authorization') authorization: string | undefined,
    // The photo's pass, on URLs handed to its uploader and the couple while other guests may not see it.
    @Query('pass') pass: unknown,
  ): Promise<void> {
    const isOwner = async (code: string) =>
      !!authorization && (await this.owners.authorize(code, authorization)).owner !== null;
    const link = (PHOTO_VARIANTS as readonly string[]).includes(variant)
      ? await this.photos.downloadUrl(
          id,
          variant as PhotoVariant,
          gallery,
          isOwner,
          typeof pass === 'string' ? pass : undefined,
        )
      : null;
    if (!link) throw new NotFoundException();
    if (link === 'refused') {
      response.setHeader('Cache-Control', 'no-store');
      response.status(403).json({
        errors: [
          {
            message: englishMessage('errors.ORIGINALS_NOT_ALLOWED'),
            extensions: { code: 'ORIGINALS_NOT_ALLOWED' },
          },
        ],
      });
      return;
    }
    response.setHeader('Cache-Control', link.provisional ? PROVISIONAL_REDIRECT : CACHED_REDIRECT);
    response.redirect(302, link.url);
  }
}
