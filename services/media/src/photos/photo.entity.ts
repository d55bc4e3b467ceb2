import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { MediaKind, PhotoReviewState } from '@gallery/contracts';

/**
 * A photo or video in a gallery: its kept original and, when it could be decoded, its derived images (a video's
 * come from its poster frame).
 */
@Entity('photos')
@Index('photos_gallery_newest_first', ['eventCode', 'createdAt', 'id'])
export class PhotoEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'event_code', type: 'text' })
  eventCode!: string;

  @Column({ name: 'original_key', type: 'text' })
  originalKey!: string;

  /**
   * The copy of the original guests fetch: the same image or video data without location, serial numbers or
   * names (MetadataStripper). Null while it is pending (photos recorded before guest copies existed) and when
   * it could not be made: then guests are not served the original.
   */
  @Column({ name: 'guest_original_key', type: 'text', nullable: true })
  guestOriginalKey!: string | null;

  /** True for a photo whose guest copy the sweep is still to make (recorded before guest copies existed). */
  @Column({ name: 'guest_copy_pending', type: 'boolean', default: false })
  guestCopyPending!: boolean;

  /** Null when the original could not be decoded here (HEVC-coded HEIC): the original is shown instead. */
  @Column({ name: 'thumbnail_key', type: 'text', nullable: true })
  thumbnailKey!: string | null;

  /** Null while the preview is pending, and when the original could not be decoded here. */
  @Column({ name: 'preview_key', type: 'text', nullable: true })
  previewKey!: string | null;

  /**
   * True from the photo's commit until its preview is stored (it is made right after the commit, or by the
   * sweep should that be lost); meanwhile its preview URL shows the thumbnail.
   */
  @Column({ name: 'preview_pending', type: 'boolean', default: false })
  previewPending!: boolean;

  /** The name the guest's file had, offered again when the original is downloaded. */
  @Column({ name: 'file_name', type: 'text' })
  fileName!: string;

  /** The type detected from the original's first bytes, not the one the browser declared. */
  @Column({ name: 'content_type', type: 'text' })
  contentType!: string;

  @Column('integer')
  size!: number;

  /** Dimensions of the original as it is meant to be seen (EXIF orientation applied). */
  @Column('integer')
  width!: number;

  @Column('integer')
  height!: number;

  @Column('text')
  kind!: MediaKind;

  /** A video's length in seconds; null for a photo. */
  @Column({ name: 'duration_seconds', type: 'double precision', nullable: true })
  durationSeconds!: number | null;

  /** The name the uploading guest gave (cleaned by the guest-name rule); null when none. */
  @Column({ name: 'guest_name', type: 'text', nullable: true })
  guestName!: string | null;

  /** The photo challenge the guest took it for; null when none. */
  @Column({ name: 'challenge_id', type: 'uuid', nullable: true })
  challengeId!: string | null;

  /** The table whose card's QR code it was uploaded from (table cards); null when none. */
  @Column({ name: 'table_number', type: 'smallint', nullable: true })
  tableNumber!: number | null;
  /**
   * The guest identity's id of the browser that uploaded it (GuestIdentities, never an address): that guest
   * may delete it. Null for photos uploaded without one.
   */
  @Column({ name: 'uploader_id', type: 'text', nullable: true })
  uploaderId!: string | null;

  /** Guests' hearts on it, kept with each heart given or taken back (hearts table, HeartsService). */
  @Column({ name: 'heart_count', type: 'integer', default: 0 })
  heartCount!: number;

  /**
   * Where it stands in the couple's review (PHOTO_REVIEW_STATES): `approved` unless the gallery asked for
   * approval when a guest uploaded it. Only `approved` photos reach other guests, by any path.
   */
  @Column({ type: 'text', default: 'approved' })
  review!: PhotoReviewState;

  /**
   * Its quality measures (PhotoQuality), made with its thumbnail; null for a video, a photo kept without derived
   * images, and photos from before they were measured.
   */
  @Column({ type: 'real', nullable: true })
  sharpness!: number | null;

  @Column({ type: 'real', nullable: true })
  brightness!: number | null;

  @Column({ type: 'smallint', nullable: true })
  highlights!: number | null;

  /** A bigint: the pg driver hands it over as a decimal string. */
  @Column({ name: 'perceptual_hash', type: 'bigint', nullable: true })
  perceptualHash!: string | null;

  /** Its near-duplicate group, named by the group's first photo; null while it has no near-duplicate. */
  @Column({ name: 'duplicate_group', type: 'uuid', nullable: true })
  duplicateGroup!: string | null;

  /** Millisecond precision, so a page cursor (a JavaScript date) designates exactly one row position. */
  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
