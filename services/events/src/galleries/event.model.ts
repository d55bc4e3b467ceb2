import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';
import type { GalleryEntity } from './gallery.entity.js';
import { Plan } from '@gallery/platform';

@ObjectType('Event')
@Directive('@key(fields: "code")')
export class EventModel {
  @Field(() => ID)
  code!: string;

  @Field({ description: 'From the couple names, e.g. "Sarah & Mike"' })
  name!: string;

  @Field()
  coupleNames!: string;

  @Field({ description: 'yyyy-mm-dd' })
  weddingDate!: string;

  @Field()
  location!: string;

  @Field(() => Plan)
  plan!: Plan;

  @Field({ description: 'ISO 8601' })
  createdAt!: string;

  @Field({ description: 'ISO 8601: when the gallery stops accepting uploads' })
  expiresAt!: string;

  @Field({ description: 'en, fr or es: the language its links, QR codes and mails open the gallery in' })
  language!: string;

  @Field(() => String, {
    nullable: true,
    description: "The couple's welcome line on the guest's landing, under their names; null: none",
  })
  welcomeLine!: string | null;

  static fromEntity(entity: GalleryEntity): EventModel {
    return Object.assign(new EventModel(), {
      code: entity.code,
      name: entity.name,
      coupleNames: entity.coupleNames,
      weddingDate: entity.weddingDate,
      location: entity.location,
      plan: entity.plan as Plan,
      createdAt: entity.createdAt.toISOString(),
      expiresAt: entity.expiresAt.toISOString(),
      language: entity.language,
      welcomeLine: entity.welcomeLine ?? null,
    });
  }
}
