import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MAX_REVIEW_BATCH, Subjects, type PhotoReviewDecision } from '@gallery/contracts';
import { AppError, OutboxRelay, recordEvent } from '@gallery/platform';
import {
  MESSAGE_COLUMNS,
  present,
  presentMarked,
  type MessageRow,
  type ShownMessage,
} from '../guestbook/guestbook.service.js';
import type { PhotoCursor } from '../photos/photo-cursor.js';
import { isPhotoId } from '../photos/photo-id.js';

/**
 * The couple's queue for guestbook messages, beside the photos' (PhotoReviewService): what waits or is hidden,
 * and their decisions. Approving publishes `guestbook.message-posted` (open screens, the wall and download get
 * the message only then); hiding publishes `guestbook.message-removed` (a waiting one leaves its writer's screen,
 * an approved one every screen and the zip's page). Both through the outbox, in the transaction that decides.
 */
@Injectable()
export class GuestbookReviewService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  async counts(code: string): Promise<{ waiting: number; hidden: number }> {
    const rows = (await this.dataSource.query(
      `SELECT review, count(*)::int AS count FROM guestbook_messages
        WHERE event_code = $1 AND review <> 'approved' GROUP BY review`,
      [code],
    )) as { review: string; count: number }[];
    const of = (review: string) => rows.find((row) => row.review === review)?.count ?? 0;
    return { waiting: of('waiting'), hidden: of('hidden') };
  }

  /** Up to `limit` of a gallery's messages in one review state, newest first, after the cursor when given. */
  async inReview(
    code: string,
    review: 'waiting' | 'hidden' | 'approved',
    limit: number,
    after: PhotoCursor | null,
  ): Promise<ShownMessage[]> {
    const params: unknown[] = [code, review, limit];
    if (after) params.push(after.createdAt, after.id);
    const rows = (await this.dataSource.query(
      `SELECT ${MESSAGE_COLUMNS} FROM guestbook_messages
        WHERE event_code = $1 AND review = $2 ${after ? 'AND (created_at, id) < ($4, $5)' : ''}
        ORDER BY created_at DESC, id DESC LIMIT $3`,
      params,
    )) as MessageRow[];
    return rows.map(presentMarked);
  }

  /**
   * Approves or hides these messages of the gallery, all or none: REVIEW_MESSAGE_BATCH_TOO_LARGE past
   * MAX_REVIEW_BATCH, REVIEW_MESSAGE_NOT_FOUND when one is not a message of this gallery. A message already in
   * the asked state is left as is (and not published again). Returns how many messages guests now see.
   */
  async decide(code: string, ids: string[], decision: PhotoReviewDecision): Promise<number> {
    const unique = [...new Set(ids)];
    if (unique.length > MAX_REVIEW_BATCH) {
      throw new AppError('REVIEW_MESSAGE_BATCH_TOO_LARGE', { count: MAX_REVIEW_BATCH });
    }
    if (!unique.every(isPhotoId)) throw new AppError('REVIEW_MESSAGE_NOT_FOUND');
    const target = decision === 'approve' ? 'approved' : 'hidden';
    const visible = await this.dataSource.transaction(async (manager) => {
      // Locked, so two decisions on one message publish it once; in id order, as photos are.
      const rows = (await manager.query(
        `SELECT ${MESSAGE_COLUMNS} FROM guestbook_messages
          WHERE event_code = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`,
        [code, unique],
      )) as MessageRow[];
      if (rows.length !== unique.length) throw new AppError('REVIEW_MESSAGE_NOT_FOUND');
      const changing = rows
        .filter((row) => row.review !== target)
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
      if (changing.length > 0) {
        await manager.query('UPDATE guestbook_messages SET review = $2 WHERE id = ANY($1::uuid[])', [
          changing.map((row) => row.id),
          target,
        ]);
      }
      for (const row of changing) {
        if (target === 'approved') {
          await recordEvent(manager, Subjects.GuestbookMessagePosted, { message: present(row) });
        } else {
          await recordEvent(manager, Subjects.GuestbookMessageRemoved, { id: row.id, eventCode: code });
        }
      }
      const [{ count }] = (await manager.query(
        `SELECT count(*)::int AS count FROM guestbook_messages WHERE event_code = $1 AND review = 'approved'`,
        [code],
      )) as { count: number }[];
      return count;
    });
    this.relay.kick();
    return visible;
  }
}
