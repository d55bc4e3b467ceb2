import { Inject, Injectable } from '@nestjs/common';
import { MAX_REVIEW_BATCH } from '@gallery/contracts';
import type { PhotoEntity } from '../photos/photo.entity.js';
import { PhotoPresenter } from '../photos/photo.presenter.js';
import { PhotoHint } from '../quality/photo-hint.enum.js';
import type { PhotoQualityHintsModel } from '../quality/photo-quality-hints.model.js';
import { PhotoQualityRepository } from '../quality/photo-quality.repository.js';
import { ownHints } from '../quality/quality-hints.js';
import { PhotoReviewService } from './photo-review.service.js';

/** Photos one "hide all ..." hides at most: a gallery's worth, in batches of MAX_REVIEW_BATCH. */
export const MAX_HIDDEN_BY_HINT = 5000;

/**
 * The quality hints on the couple's queue ("blurry", "dark", "near-duplicate of ..."), and hiding all the photos
 * of a queue with one. Nothing is hidden but by the couple's own request.
 */
@Injectable()
export class ReviewHints {
  constructor(
    @Inject(PhotoPresenter) private readonly presenter: PhotoPresenter,
    @Inject(PhotoQualityRepository) private readonly quality: PhotoQualityRepository,
    @Inject(PhotoReviewService) private readonly review: PhotoReviewService,
  ) {}

  /** The hints of these photos of a gallery, one for each photo measured (none for a video or an unmeasured one). */
  async hintsOf(code: string, photos: PhotoEntity[]): Promise<PhotoQualityHintsModel[]> {
    const groups = photos.flatMap((photo) => (photo.duplicateGroup ? [photo.duplicateGroup] : []));
    const duplicates = await this.quality.duplicateHints(code, groups);
    return photos.flatMap((photo) => {
      if (photo.sharpness === null || photo.highlights === null) return [];
      const own = ownHints({ sharpness: photo.sharpness, highlights: photo.highlights });
      const duplicate = duplicates.get(photo.id);
      return [
        {
          photoId: photo.id,
          ...own,
          nearDuplicateOf: duplicate?.nearDuplicateOf ?? null,
          nearDuplicateThumbnailUrl: duplicate
            ? this.presenter.reviewThumbnailUrl(duplicate.nearDuplicateOf)
            : null,
          similarCount: duplicate?.similarCount ?? 0,
          bestOfSimilar: duplicate?.best ?? false,
        },
      ];
    });
  }

  /**
   * Hides every photo of a gallery in one review state with this hint (near-duplicates: all but each group's
   * best), in batches through the couple's own decision; how many it hid.
   */
  async hideAllWithHint(
    code: string,
    review: 'waiting' | 'approved' | 'hidden',
    hint: PhotoHint,
  ): Promise<number> {
    const ids =
      hint === PhotoHint.NEAR_DUPLICATE
        ? await this.quality.duplicatesToHide(code, review, MAX_HIDDEN_BY_HINT)
        : await this.quality.idsWithHint(code, review, hint, MAX_HIDDEN_BY_HINT);
    for (let at = 0; at < ids.length; at += MAX_REVIEW_BATCH) {
      await this.review.decide(code, ids.slice(at, at + MAX_REVIEW_BATCH), 'hide');
    }
    return ids.length;
  }
}
