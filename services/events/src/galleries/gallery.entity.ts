import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MailLanguage, PhotoVisibilityMode, PlanId } from '@gallery/contracts';

/** A gallery. The public API and the spec call it an event, so the table does too. */
@Entity('events')
export class GalleryEntity {
  @PrimaryColumn('text')
  code!: string;

  @Column('text')
  name!: string;

  @Column({ name: 'couple_names', type: 'text' })
  coupleNames!: string;

  /** yyyy-mm-dd: a calendar day, not an instant. */
  @Column({ name: 'wedding_date', type: 'date' })
  weddingDate!: string;

  @Column('text')
  location!: string;

  @Column('text')
  plan!: PlanId;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** SHA-256 (hex) of the owner token: the token itself is shown once and never stored. */
  @Column({ name: 'owner_token_hash', type: 'text' })
  ownerTokenHash!: string;

  /** The language the gallery's links, QR codes and mails open it in: the couple's choice, their order's at first. */
  @Column('text')
  language!: MailLanguage;

  /** Whether guests may Download All (the owner always may); off until the owner turns it on. */
  @Column({ name: 'guest_downloads', type: 'boolean', default: false })
  guestDownloads!: boolean;

  /** When guests may start uploading; null: from creation (the couple's privacy settings). */
  @Column({ name: 'uploads_open_at', type: 'timestamptz', nullable: true })
  uploadsOpenAt!: Date | null;

  /** When uploads close; null: at the plan's expiry. */
  @Column({ name: 'uploads_close_at', type: 'timestamptz', nullable: true })
  uploadsCloseAt!: Date | null;

  /** Whether guests may download single originals (the couple always may); on until the couple turns it off. */
  @Column({ name: 'guest_originals', type: 'boolean', default: true })
  guestOriginals!: boolean;

  /** Who sees which photos (PHOTO_VISIBILITY_MODES); everyone until the couple chooses otherwise. */
  @Column({ name: 'photo_visibility', type: 'text', default: 'everyone' })
  visibility!: PhotoVisibilityMode;

  /** With the `reveal` visibility: when every guest starts seeing every photo; null otherwise. */
  @Column({ name: 'reveal_at', type: 'timestamptz', nullable: true })
  revealAt!: Date | null;

  /**
   * Whether the couple's own downloads (a single original, Download All) keep the originals' metadata; false:
   * they get the guests' copies, without location. On until the couple turns it off.
   */
  @Column({ name: 'owner_downloads_keep_metadata', type: 'boolean', default: true })
  ownerDownloadsKeepMetadata!: boolean;
  /** Whether new guest photos wait for the couple's approval before other guests see them. */
  @Column({ name: 'photo_approval', type: 'boolean', default: false })
  approval!: boolean;

  /** The couple's welcome line on the guest's landing (MAX_WELCOME_LINE_CHARS); null: none. */
  @Column({ name: 'welcome_line', type: 'text', nullable: true })
  welcomeLine!: string | null;
}
