import { Controller, Get, Header, Inject, NotFoundException, Param, Redirect } from '@nestjs/common';
import { PHOTO_VARIANTS, type PhotoVariant } from './photo-variant.js';
import { PhotosService } from './photos.service.js';

/**
 * The stable photo URLs pages embed. Each answer is a redirect to a presigned URL valid 10 minutes; browsers
 * may reuse the redirect for 5, so a cached one always points at a URL that still works.
 */
@Controller('media/photos')
export class PhotoFileController {
  constructor(@Inject(PhotosService) private readonly photos: PhotosService) {}

  @Get(':id/:variant')
  @Redirect()
  @Header('Cache-Control', 'private, max-age=300')
  async redirect(
    @Param('id') id: string,
    @Param('variant') variant: string,
  ): Promise<{ url: string; statusCode: number }> {
    const url = (PHOTO_VARIANTS as readonly string[]).includes(variant)
      ? await this.photos.downloadUrl(id, variant as PhotoVariant)
      : null;
    if (!url) throw new NotFoundException();
    return { url, statusCode: 302 };
  }
}
