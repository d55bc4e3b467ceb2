import { Module } from '@nestjs/common';
import { QualityModule } from '../quality/quality.module.js';
import { ReviewHints } from './review-hints.js';
import { PhotosModule } from '../photos/photos.module.js';
import { GuestbookReviewResolver } from './guestbook-review.resolver.js';
import { GuestbookReviewService } from './guestbook-review.service.js';
import { PhotoReviewResolver } from './photo-review.resolver.js';
import { PhotoReviewService } from './photo-review.service.js';
import { ReviewWaitingResponder } from './review-waiting.responder.js';

/** The couple's approval of photos and guestbook messages before guests see them. */
@Module({
  imports: [PhotosModule, QualityModule],
  controllers: [ReviewWaitingResponder],
  providers: [
    PhotoReviewService,
    PhotoReviewResolver,
    ReviewHints,
    GuestbookReviewService,
    GuestbookReviewResolver,
  ],
})
export class ReviewModule {}
