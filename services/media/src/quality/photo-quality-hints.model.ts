import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PhotoQualityHints', {
  description:
    'What the couple’s queue points out on a photo, measured when it was processed: suggestions, never acted on ' +
    'without the couple',
})
export class PhotoQualityHintsModel {
  @Field(() => ID, { description: 'The photo of the queue’s page they are about' })
  photoId!: string;

  @Field({ description: 'Out of focus or shaken' })
  blurry!: boolean;

  @Field({ description: 'Taken too dark: nothing in it is bright' })
  dark!: boolean;

  @Field(() => ID, {
    nullable: true,
    description:
      'The same shot (a burst, or another phone): the best of its near-duplicates, or for the best the next one; ' +
      'null when it has none (hidden ones left out)',
  })
  nearDuplicateOf!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The thumbnail of nearDuplicateOf, with the couple’s review pass',
  })
  nearDuplicateThumbnailUrl!: string | null;

  @Field(() => Int, { description: 'How many near-duplicates it has, hidden ones left out' })
  similarCount!: number;

  @Field({ description: 'The best of its near-duplicates: the one "hide near-duplicates" keeps' })
  bestOfSimilar!: boolean;
}

@ObjectType('PhotoHintCounts', { description: 'How many photos of a queue have each hint' })
export class PhotoHintCountsModel {
  @Field(() => Int)
  blurry!: number;

  @Field(() => Int)
  dark!: number;

  @Field(() => Int)
  nearDuplicate!: number;
}
