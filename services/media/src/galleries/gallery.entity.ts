import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PhotoVisibilityMode, PlanId } from '@gallery/contracts';

/**
 * The media service's own copy of what it needs to know about a gallery (the events service owns galleries),
 * kept up to date from domain events. photo_count is the quota counter: it only moves under a row lock.
 */
@Entity('galleries')
export class GalleryEntity {
  @PrimaryColumn('text')
  code!: string;

  @Column('text')
  plan!: PlanId;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'photo_count', type: 'integer', default: 0 })
  photoCount!: number;

  /** Refunded: the photos stay to view and download until expiry, but the gallery takes no new ones. */
  @Column({ name: 'read_only', type: 'boolean', default: false })
  readOnly!: boolean;

  /** The couple's upload window (event.privacy-changed): null ends mean from creation, until expiry. */
  @Column({ name: 'uploads_open_at', type: 'timestamptz', nullable: true })
  uploadsOpenAt!: Date | null;

  @Column({ name: 'uploads_close_at', type: 'timestamptz', nullable: true })
  uploadsCloseAt!: Date | null;

  /** Whether guests may download single photo originals; the couple always may. */
  @Column({ name: 'guest_originals', type: 'boolean', default: true })
  guestOriginals!: boolean;

  /** Who sees which photos (event.privacy-changed): photosSharedWithGuests reads these two. */
  @Column({ name: 'photo_visibility', type: 'text', default: 'everyone' })
  visibility!: PhotoVisibilityMode;

  @Column({ name: 'reveal_at', type: 'timestamptz', nullable: true })
  revealAt!: Date | null;

  /** Whether new guest photos wait for the couple's approval (event.privacy-changed). */
  @Column({ name: 'photo_approval', type: 'boolean', default: false })
  approval!: boolean;

  /**
   * How many of photo_count are not approved (waiting or hidden): guests see photo_count - withheld_count.
   * Moves with photo_count, under the same row lock.
   */
  @Column({ name: 'withheld_count', type: 'integer', default: 0 })
  withheldCount!: number;

  /**
   * Whether the couple's own original downloads are the untouched originals (event.privacy-changed); false:
   * the guests' copies, without location, serial numbers or names.
   */
  @Column({ name: 'owner_downloads_keep_metadata', type: 'boolean', default: true })
  ownerDownloadsKeepMetadata!: boolean;

  /**
   * The reveal time whose moment open screens were told of (photo.revealed), so the reveal task tells them once
   * per reveal time, after a restart too.
   */
  @Column({ name: 'revealed_for', type: 'timestamptz', nullable: true })
  revealedFor!: Date | null;

  /** When reaching the plan's photo limit was announced (photo.limit-reached): once per gallery. */
  @Column({ name: 'full_announced_at', type: 'timestamptz', nullable: true })
  fullAnnouncedAt!: Date | null;

  /**
   * The couple's cover photo on the guest's landing: one of this gallery's photos, or null. A photo removed or
   * hidden since is not shown (the read checks it).
   */
  @Column({ name: 'cover_photo_id', type: 'uuid', nullable: true })
  coverPhotoId!: string | null;
}
