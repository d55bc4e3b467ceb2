import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  cleanGuestbookMessage,
  GUESTBOOK_LIMITS,
  GUESTBOOK_MESSAGE_REFUSALS,
  guestbookMessageProblem,
  initialReviewState,
  normalizeEventCode,
  Subjects,
  type GuestbookMessage,
  type PhotoReviewState,
} from '@gallery/contracts';
import {
  AppError,
  GuestIdentities,
  OutboxRelay,
  RateLimits,
  recordEvent,
  type GuestCaller,
} from '@gallery/platform';
import { GalleryDirectory } from '../galleries/gallery-directory.js';
import { isPhotoId } from '../photos/photo-id.js';
import { acceptedGuestName } from '../uploads/upload-slots.service.js';

export interface MessageRow {
  id: string;
  event_code: string;
  guest_name: string | null;
  text: string;
  created_at: Date;
  review: PhotoReviewState;
}

/** The columns `present` reads. */
export const MESSAGE_COLUMNS = 'id, event_code, guest_name, text, created_at, review';

/** A message as the API answers it: its writer's own waiting one (and the couple's queue) marked as waiting. */
export type ShownMessage = GuestbookMessage & { awaitingApproval?: boolean };

/** The message as events carry it: never marked, since only an approved message is ever published. */
export const present = (row: Omit<MessageRow, 'review'>): GuestbookMessage => ({
  id: row.id,
  eventCode: row.event_code,
  guestName: row.guest_name,
  text: row.text,
  createdAt: row.created_at.toISOString(),
});

export const presentMarked = (row: MessageRow): ShownMessage =>
  row.review === 'waiting' ? { ...present(row), awaitingApproval: true } : present(row);

/**
 * The guestbook, kept by media beside the photos it answers (the same guest identities, guest names, gallery
 * read model and approval switch). A message and its event go in one transaction through the outbox: the
 * gateway shows it live, download keeps it for the zip's page. While the couple asks for approval, a guest's
 * message waits (`review = 'waiting'`) and is published only once approved (GuestbookReviewService).
 */
@Injectable()
export class GuestbookService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(GuestIdentities) private readonly identities: GuestIdentities,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(GalleryDirectory) private readonly galleries: GalleryDirectory,
  ) {}

  async leave(
    eventCode: string,
    given: string,
    givenName: string | null | undefined,
    caller: GuestCaller,
    /** Whether the caller is the couple (their messages need no approval); asked only while approval is on. */
    isOwner: () => Promise<boolean> = () => Promise.resolve(false),
  ): Promise<ShownMessage> {
    const guest = this.identities.verify(caller.guestIdentity);
    if (!guest) throw new AppError('GUEST_IDENTITY_REQUIRED');
    // Bounded before any work: a huge value is refused without being cleaned.
    if (given.length > GUESTBOOK_LIMITS.messageChars * 4) {
      const { code, count } = GUESTBOOK_MESSAGE_REFUSALS.tooLong;
      throw new AppError(code, { count });
    }
    const problem = guestbookMessageProblem(given);
    if (problem) {
      const refusal: { code: (typeof GUESTBOOK_MESSAGE_REFUSALS)[typeof problem]['code']; count?: number } =
        GUESTBOOK_MESSAGE_REFUSALS[problem];
      throw new AppError(refusal.code, refusal.count === undefined ? undefined : { count: refusal.count });
    }
    const guestName = acceptedGuestName(givenName);
    const code = normalizeEventCode(eventCode);
    const gallery = await this.galleries.find(code);
    if (!gallery) throw new AppError('GALLERY_NOT_FOUND');
    await this.rateLimits.consumeGuestAction('guestbookMessages', caller, code);
    const message: GuestbookMessage = {
      id: randomUUID(),
      eventCode: code,
      text: cleanGuestbookMessage(given),
      guestName,
      createdAt: new Date().toISOString(),
    };
    const review = initialReviewState(gallery.approval, gallery.approval && (await isOwner()));
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO guestbook_messages (id, event_code, guest_id, guest_name, text, created_at, review)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [message.id, code, guest, guestName, message.text, message.createdAt, review],
      );
      // A waiting message reaches no screen and no zip: it is published when the couple approves it.
      if (review === 'approved') await recordEvent(manager, Subjects.GuestbookMessagePosted, { message });
    });
    if (review !== 'approved') return { ...message, awaitingApproval: true };
    this.relay.kick();
    return message;
  }

  /**
   * Newest first; `before` is the id of the last message a page showed. Approved messages, and the caller's own
   * waiting ones (by their signed guest identity) marked as waiting; the couple reviews the rest on the queue.
   */
  async page(
    eventCode: string,
    first: number,
    before: string | null,
    guestIdentity: string | undefined,
  ): Promise<ShownMessage[]> {
    const limit = Math.max(0, Math.min(GUESTBOOK_LIMITS.pageSize, first));
    const viewer = this.identities.verify(guestIdentity) ?? null;
    const params: unknown[] = [normalizeEventCode(eventCode), limit, viewer];
    let after = '';
    if (before && isPhotoId(before)) {
      params.push(before);
      after = `AND (created_at, id) < (SELECT created_at, id FROM guestbook_messages WHERE id = $4)`;
    }
    const rows = (await this.dataSource.query(
      `SELECT ${MESSAGE_COLUMNS} FROM guestbook_messages
       WHERE event_code = $1 AND (review = 'approved' OR (review = 'waiting' AND guest_id = $3)) ${after}
       ORDER BY created_at DESC, id DESC LIMIT $2`,
      params,
    )) as MessageRow[];
    return rows.map(presentMarked);
  }

  /** The couple's removal (checked by AccessGuard); GUESTBOOK_MESSAGE_NOT_FOUND when none of theirs has this id. */
  async remove(eventCode: string, id: string): Promise<void> {
    const code = normalizeEventCode(eventCode);
    if (!isPhotoId(id)) throw new AppError('GUESTBOOK_MESSAGE_NOT_FOUND');
    await this.dataSource.transaction(async (manager) => {
      const [, removed] = (await manager.query(
        'DELETE FROM guestbook_messages WHERE id = $1 AND event_code = $2',
        [id, code],
      )) as [unknown, number];
      if (removed === 0) throw new AppError('GUESTBOOK_MESSAGE_NOT_FOUND');
      await recordEvent(manager, Subjects.GuestbookMessageRemoved, { id, eventCode: code });
    });
    this.relay.kick();
  }
}
