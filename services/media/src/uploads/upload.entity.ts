import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { UploadStatus } from './upload-status.js';

/**
 * One file a browser was allowed to PUT straight to object storage. What it declared is only used to refuse
 * early; the object itself is checked on confirmation. A confirmed upload's photo has the upload's id.
 */
@Entity('uploads')
@Index('uploads_pending_oldest_first', ['createdAt'], { where: "status = 'pending'" })
export class UploadEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'event_code', type: 'text' })
  eventCode!: string;

  @Column({ name: 'object_key', type: 'text' })
  objectKey!: string;

  @Column({ name: 'file_name', type: 'text' })
  fileName!: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType!: string;

  @Column('integer')
  size!: number;

  /** The name the guest gave with the request (cleaned), copied to the photo on confirmation. */
  @Column({ name: 'guest_name', type: 'text', nullable: true })
  guestName!: string | null;

  /** The photo challenge the guest chose with the request (checked then), copied to the photo on confirmation. */
  @Column({ name: 'challenge_id', type: 'uuid', nullable: true })
  challengeId?: string | null;

  /** The table whose card's QR code the guest opened the gallery from (checked then), copied to the photo. */
  @Column({ name: 'table_number', type: 'smallint', nullable: true })
  tableNumber?: number | null;
  /** The signed guest identity's id of the browser that asked (GuestIdentities), copied to the photo; or null. */
  @Column({ name: 'uploader_id', type: 'text', nullable: true })
  uploaderId?: string | null;

  @Column('text')
  status!: UploadStatus;

  /** The storage multipart upload its parts go to; null when the file goes in one PUT. */
  @Column({ name: 'multipart_upload_id', type: 'text', nullable: true })
  multipartUploadId?: string | null;

  /** The size every part but the last has; null when the file goes in one PUT. */
  @Column({ name: 'part_size', type: 'integer', nullable: true })
  partSize?: number | null;

  /**
   * Whether its URL was signed to create its object once and never replace it (storage refused overwrites when the
   * slot was made): its confirmation then checks the object where the browser put it. Otherwise the object is
   * copied to a key no URL reaches before it is checked.
   */
  @Column({ name: 'put_once', type: 'boolean', default: false })
  putOnce!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
