import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('FindMeSettings', { description: '"Find me" for one gallery, as its couple sees it' })
export class FindMeSettingsModel {
  @Field()
  eventCode!: string;

  @Field({ description: 'Whether guests may look for themselves with a selfie' })
  on!: boolean;

  @Field(() => Int, { description: 'Photos already looked at for faces' })
  indexedPhotos!: number;

  @Field(() => Int, { description: 'Photos still waiting to be looked at' })
  waitingPhotos!: number;
}

@ObjectType('FoundPhoto', { description: 'A photo a "Find me" search found, as the guest may see it' })
export class FoundPhotoModel {
  @Field(() => ID)
  id!: string;

  @Field()
  thumbnailUrl!: string;

  @Field()
  previewUrl!: string;

  @Field()
  originalUrl!: string;

  @Field(() => Int)
  width!: number;

  @Field(() => Int)
  height!: number;

  @Field()
  createdAt!: string;

  @Field(() => String, { nullable: true })
  guestName!: string | null;
}

@ObjectType('FindMeResult', {
  description: 'What a "Find me" search found: the photos the guest is in and may see, nearest first',
})
export class FindMeResultModel {
  @Field(() => [FoundPhotoModel])
  photos!: FoundPhotoModel[];
}
