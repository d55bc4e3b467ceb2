import { Controller, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RequestContracts, type ReviewWaitingReply, type ReviewWaitingRequest } from '@gallery/contracts';
import { AnswersRequest } from '@gallery/platform';

/**
 * Answers `Requests.ReviewWaiting`: events asks, for the couple's daily digest, how many photos and guestbook
 * messages of a gallery wait for their approval (hidden ones are decided, so they do not count). Both counts read
 * the queue's partial indexes, which hold only what is not approved.
 */
@Controller()
export class ReviewWaitingResponder {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  @AnswersRequest(RequestContracts.ReviewWaiting, { refusal: { photos: 0, messages: 0 } })
  async answer({ code }: ReviewWaitingRequest): Promise<ReviewWaitingReply> {
    const [row] = (await this.dataSource.query(
      `SELECT (SELECT count(*) FROM photos WHERE event_code = $1 AND review = 'waiting')::int AS photos,
              (SELECT count(*) FROM guestbook_messages WHERE event_code = $1 AND review = 'waiting')::int
                AS messages`,
      [code],
    )) as ReviewWaitingReply[];
    return row;
  }
}
