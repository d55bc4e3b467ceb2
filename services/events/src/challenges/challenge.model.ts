import { Field, ID, InputType, ObjectType } from '@nestjs/graphql';

@ObjectType('ChallengePrompt', { description: 'A photo challenge as the couple wrote it' })
export class ChallengePromptModel {
  @Field(() => ID, { description: 'Stays while the prompt is edited; photos keep it' })
  id!: string;

  @Field({ description: 'Plain text: shown as typed, never as markup' })
  prompt!: string;
}

@InputType('ChallengePromptInput')
export class ChallengePromptInput {
  @Field(() => ID, {
    nullable: true,
    description: 'The id of a challenge being kept or edited; absent for a new one',
  })
  id?: string | null;

  @Field()
  prompt!: string;
}
