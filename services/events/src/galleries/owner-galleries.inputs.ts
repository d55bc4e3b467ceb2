import { Field, InputType } from '@nestjs/graphql';
import { Plan } from '@gallery/platform';

/** The gallery's details the owner may change, checked by the order form's rules and messages. */
@InputType()
export class EventDetailsInput {
  @Field()
  coupleNames!: string;

  @Field({ description: 'yyyy-mm-dd' })
  weddingDate!: string;

  @Field()
  location!: string;
}

/** Another gallery for a signed-in owner: the contact details are taken from the owner's last order. */
@InputType()
export class NewEventInput extends EventDetailsInput {
  @Field(() => Plan)
  plan!: Plan;

  @Field(() => String, { nullable: true, description: 'en, fr or es: the language of the confirmation mail' })
  language?: string | null;
}
