import { Field, InputType, ObjectType } from '@nestjs/graphql';
import type { EventEntity } from '../galleries/event.entity.js';

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

  static fromEntity(entity: Pick<EventEntity, 'uploadsOpenAt' | 'uploadsCloseAt' | 'guestOriginals'>) {
    return Object.assign(new PrivacySettingsModel(), {
      uploadsOpenAt: entity.uploadsOpenAt?.toISOString() ?? null,
      uploadsCloseAt: entity.uploadsCloseAt?.toISOString() ?? null,
      guestOriginalsAllowed: entity.guestOriginals,
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
}
