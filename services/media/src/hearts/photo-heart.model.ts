import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PhotoHeart', { description: "A photo's hearts after a guest gave or took back theirs" })
export class PhotoHeartModel {
  @Field(() => ID)
  photoId!: string;

  @Field(() => Int)
  heartCount!: number;

  @Field({ description: "Whether this guest's heart is on it now" })
  hearted!: boolean;
}
