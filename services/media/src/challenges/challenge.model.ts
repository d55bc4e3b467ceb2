import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Challenge', { description: 'A photo challenge guests answer with photos, with its photo count' })
export class ChallengeModel {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'Plain text: shown as typed, never as markup' })
  prompt!: string;

  @Field(() => Int, { description: "The gallery's photos taken for it" })
  photoCount!: number;
}
