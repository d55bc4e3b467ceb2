import { Field, InputType, ObjectType, registerEnumType } from '@nestjs/graphql';
import { PHOTO_VISIBILITY_MODES, type PhotoVisibilityMode } from '@gallery/contracts';
import type { GalleryEntity } from '../galleries/gallery.entity.js';

/** PHOTO_VISIBILITY_MODES as a GraphQL enum: EVERYONE, OWN, REVEAL. */
export const PhotoVisibility = Object.fromEntries(
  PHOTO_VISIBILITY_MODES.map((mode) => [mode.toUpperCase(), mode]),
) as Record<Uppercase<PhotoVisibilityMode>, PhotoVisibilityMode>;
registerEnumType(PhotoVisibility, {
  name: 'PhotoVisibility',
  description:
    'Who sees which photos: EVERYONE every photo; OWN a drop box (a guest sees only their own uploads, the ' +
    'couple sees all); REVEAL like OWN until revealAt, then like EVERYONE',
});

/** The couple's privacy settings as the event page and the gallery read them. */
@ObjectType('PrivacySettings')
export class PrivacySettingsModel {
  @Field(() => String, {
    nullable: true,
    description: 'ISO 8601: when guests may start uploading; null: from the gallery’s creation',
  })
  uploadsOpenAt!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'ISO 8601: when uploads close; null: at the plan’s expiry (expiresAt)',
  })
  uploadsCloseAt!: string | null;

  @Field({ description: 'Whether guests may download single originals (the couple always may)' })
  guestOriginalsAllowed!: boolean;

  @Field(() => PhotoVisibility, { description: 'Who sees which photos' })
  visibility!: PhotoVisibilityMode;

  @Field(() => String, {
    nullable: true,
    description: 'ISO 8601, with REVEAL: when every guest starts seeing every photo; null otherwise',
  })
  revealAt!: string | null;

  @Field({
    description:
      'Whether the couple’s own downloads (a single original, Download All) keep the originals’ metadata, ' +
      'location included; false: they get the guests’ copies (no location, serial numbers or names). On by default',
  })
  ownerDownloadsKeepMetadata!: boolean;

  @Field({
    description: 'Whether new guest photos wait for the couple’s approval before other guests see them',
  })
  approval!: boolean;

  static fromEntity(
    entity: Pick<
      GalleryEntity,
      | 'uploadsOpenAt'
      | 'uploadsCloseAt'
      | 'guestOriginals'
      | 'visibility'
      | 'revealAt'
      | 'ownerDownloadsKeepMetadata'
      | 'approval'
    >,
  ) {
    return Object.assign(new PrivacySettingsModel(), {
      uploadsOpenAt: entity.uploadsOpenAt?.toISOString() ?? null,
      uploadsCloseAt: entity.uploadsCloseAt?.toISOString() ?? null,
      guestOriginalsAllowed: entity.guestOriginals,
      visibility: entity.visibility,
      revealAt: entity.revealAt?.toISOString() ?? null,
      ownerDownloadsKeepMetadata: entity.ownerDownloadsKeepMetadata,
      approval: entity.approval,
    });
  }
}

/** What the couple sets on the event page: the whole settings, each time. */
@InputType()
export class PrivacySettingsInput {
  @Field(() => String, { nullable: true, description: 'ISO 8601 with offset; null: from creation' })
  uploadsOpenAt?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 8601 with offset; null: at the plan’s expiry' })
  uploadsCloseAt?: string | null;

  @Field()
  guestOriginalsAllowed!: boolean;

  @Field(() => PhotoVisibility, {
    nullable: true,
    description: 'Who sees which photos; EVERYONE when omitted',
  })
  visibility?: PhotoVisibilityMode | null;

  @Field(() => String, {
    nullable: true,
    description: 'ISO 8601 with offset, with REVEAL only: in the future and before the gallery ends',
  })
  revealAt?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether the couple’s own downloads keep the originals’ metadata; unchanged when omitted',
  })
  ownerDownloadsKeepMetadata?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether new guest photos wait for the couple’s approval; unchanged when omitted',
  })
  approval?: boolean | null;
}
