import { Field, ObjectType } from '@nestjs/graphql';
import { PhotoModel } from './photo.model.js';

@ObjectType('PhotoPage')
export class PhotoPageModel {
  @Field(() => [PhotoModel])
  nodes!: PhotoModel[];

  @Field(() => String, { nullable: true, description: 'Pass as `after` to get the next page.' })
  endCursor!: string | null;

  @Field()
  hasMore!: boolean;
}
