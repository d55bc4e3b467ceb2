import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ArchiveLayoutId } from '@gallery/contracts';

export type ArchiveJobStatus = 'building' | 'complete' | 'failed';

/** One zip of a gallery: being built, finished (and served until it expires or the gallery changes), or failed. */
@Entity('archive_jobs')
export class ArchiveJobEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'event_code', type: 'text' })
  eventCode!: string;

  /** The gallery's name when the job started: the zip's top folder and the downloaded file's name. */
  @Column({ name: 'gallery_name', type: 'text' })
  galleryName!: string;

  /** The gallery's photo-set version the zip was built from (see gallery_versions). */
  @Column('integer')
  version!: number;

  /** BY_DATE, BY_GUEST, BY_CHALLENGE or BY_TABLE: the same photos in another layout are another zip. */
  @Column('text')
  layout!: ArchiveLayoutId;

  /** Whether JPEG copies of HEIC originals go beside them (the owner's choice): another zip either way. */
  @Column({ name: 'jpeg_copies', type: 'boolean', default: false })
  jpegCopies!: boolean;

  /**
   * Whether the zip holds the guests' copies (without location, serial numbers or names) instead of the
   * untouched originals: a guest's zip; the owner's holds the originals.
   */
  @Column({ name: 'guest_copies', type: 'boolean', default: false })
  guestCopies!: boolean;

  /** PHOTOS_OF_YOU: only these photos of the gallery (those a guest chose and may see); null: the whole gallery. */
  @Column({ name: 'photo_ids', type: 'uuid', array: true, nullable: true })
  photoIds!: string[] | null;

  /** The hash of photoIds sorted (photoSetOf): a zip of other photos is another job; null with photoIds. */
  @Column({ name: 'photo_set', type: 'text', nullable: true })
  photoSet!: string | null;

  @Column('text')
  status!: ArchiveJobStatus;

  /** `archives/{id}.zip`: names no gallery code. */
  @Column({ name: 'object_key', type: 'text' })
  objectKey!: string;

  @Column({
    type: 'bigint',
    nullable: true,
    transformer: { to: (v: unknown) => v, from: (v: string | null) => (v === null ? null : Number(v)) },
  })
  size!: number | null;

  @Column({ name: 'photo_count', type: 'integer' })
  photoCount!: number;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'heartbeat_at', type: 'timestamptz' })
  heartbeatAt!: Date;

  /** The BuilderLease key of the process building it; null for builds from before leases. */
  @Column({ type: 'integer', nullable: true })
  builder!: number | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
