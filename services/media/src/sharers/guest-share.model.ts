import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('GuestShare', {
  description:
    "One guest's part in a gallery for the couple's analytics: the photos they shared and hearts given to them",
})
export class GuestShareModel {
  @Field(() => String, {
    nullable: true,
    description: 'The name the guest gave with their latest named upload; null when they gave none',
  })
  guestName!: string | null;

  @Field(() => Int, { description: 'Their photos the gallery shows (approved), videos included' })
  photoCount!: number;

  @Field(() => Int, { description: 'Hearts guests gave those photos' })
  heartCount!: number;
}
