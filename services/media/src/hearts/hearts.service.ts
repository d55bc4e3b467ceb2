import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { normalizeEventCode } from '@gallery/contracts';
import { AppError, GuestIdentities, RateLimits, type GraphQLRequestContext } from '@gallery/platform';
import { PhotoAudience, viewShows } from '../photos/photo-audience.js';
import { isPhotoId } from '../photos/photo-id.js';
import { PhotoRepository } from '../photos/photo.repository.js';
import { HeartCountBroadcaster } from './heart-count.broadcaster.js';

/** The most photo ids `heartedBy` returns: more than any guest taps in one evening. */
export const MAX_HEARTED_IDS = 5000;

/** A photo's hearts after a guest set theirs. */
export interface HeartState {
  photoId: string;
  heartCount: number;
  hearted: boolean;
}

/**
 * Hearts: one per guest identity and photo (the hearts table's primary key). Giving or taking back a heart and
 * moving the photo's count is one statement, so concurrent taps never lose or double a count; the open screens
 * hear the new count through the broadcaster's batch, not per tap.
 */
@Injectable()
export class HeartsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(GuestIdentities) private readonly identities: GuestIdentities,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(HeartCountBroadcaster) private readonly broadcaster: HeartCountBroadcaster,
    @Inject(PhotoRepository) private readonly photos: PhotoRepository,
    @Inject(PhotoAudience) private readonly audience: PhotoAudience,
  ) {}

  /**
   * The guest's heart on a photo set (given or taken back); setting it as it already is changes nothing. A photo
   * the caller does not see (another guest's in a gallery whose photos are not shared, one waiting for approval
   * or hidden) is PHOTO_NOT_FOUND, as it is to every other question of theirs.
   */
  async set(
    eventCode: string,
    photoId: string,
    hearted: boolean,
    caller: Pick<GraphQLRequestContext, 'client' | 'authorization' | 'guestIdentity'>,
  ): Promise<HeartState> {
    const guest = this.identities.verify(caller.guestIdentity);
    if (!guest) throw new AppError('GUEST_IDENTITY_REQUIRED');
    if (!isPhotoId(photoId)) throw new AppError('PHOTO_NOT_FOUND');
    const code = normalizeEventCode(eventCode);
    await this.rateLimits.consumeGuestAction('heartToggles', caller, code);
    const photo = await this.photos.find(photoId);
    if (!photo || photo.eventCode !== code || !viewShows(await this.audience.view(code, caller), photo)) {
      throw new AppError('PHOTO_NOT_FOUND');
    }
    // The change and the count in one statement: the UPDATE waits for the photo's row lock, so counts of
    // concurrent taps add up, and a photo of another gallery (or none) matches nothing.
    const change = hearted
      ? `WITH changed AS (
           INSERT INTO hearts (photo_id, guest_id, event_code)
           SELECT id, $2, event_code FROM photos WHERE id = $1 AND event_code = $3
           ON CONFLICT DO NOTHING RETURNING 1
         )
         UPDATE photos SET heart_count = heart_count + (SELECT count(*) FROM changed)
         WHERE id = $1 AND event_code = $3
         RETURNING heart_count, (SELECT count(*) FROM changed)::int AS changed`
      : `WITH changed AS (
           DELETE FROM hearts WHERE photo_id = $1 AND guest_id = $2 AND event_code = $3 RETURNING 1
         )
         UPDATE photos SET heart_count = heart_count - (SELECT count(*) FROM changed)
         WHERE id = $1 AND event_code = $3
         RETURNING heart_count, (SELECT count(*) FROM changed)::int AS changed`;
    const [rows] = (await this.dataSource.query(change, [photoId, guest, code])) as [
      { heart_count: number; changed: number }[],
      number,
    ];
    const row = rows[0];
    if (!row) throw new AppError('PHOTO_NOT_FOUND');
    if (row.changed > 0) this.broadcaster.changed(code, photoId);
    return { photoId, heartCount: row.heart_count, hearted };
  }

  /** The photos of a gallery this guest has hearted (none without a valid identity). */
  async heartedBy(eventCode: string, guestIdentity: string | undefined): Promise<string[]> {
    const guest = this.identities.verify(guestIdentity);
    if (!guest) return [];
    const rows = (await this.dataSource.query(
      'SELECT photo_id FROM hearts WHERE event_code = $1 AND guest_id = $2 ORDER BY created_at DESC LIMIT $3',
      [normalizeEventCode(eventCode), guest, MAX_HEARTED_IDS],
    )) as { photo_id: string }[];
    return rows.map((row) => row.photo_id);
  }
}
