import { Directive, Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type { LivePhoto } from '@gallery/contracts';

@ObjectType('Photo')
@Directive('@key(fields: "id")')
export class PhotoModel implements LivePhoto {
  @Field(() => ID)
  id!: string;

  @Field()
  eventCode!: string;

  @Field({ description: 'Stable app URL answered with a redirect to a short-lived presigned URL.' })
  thumbnailUrl!: string;

  @Field()
  previewUrl!: string;

  @Field()
  originalUrl!: string;

  @Field(() => Int)
  width!: number;

  @Field(() => Int)
  height!: number;

  @Field({ description: 'ISO 8601' })
  createdAt!: string;
}
