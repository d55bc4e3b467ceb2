import { Field, InputType } from '@nestjs/graphql';
import { Plan } from '@gallery/platform';

/** The order form. Checked on the server by the same rules as in the browser (validateOrderForm). */
@InputType()
export class CreateGalleryInput {
  @Field()
  coupleNames!: string;

  @Field({ description: 'yyyy-mm-dd' })
  weddingDate!: string;

  @Field()
  location!: string;

  @Field()
  email!: string;

  @Field()
  phone!: string;

  @Field(() => Plan)
  plan!: Plan;

  @Field(() => String, {
    nullable: true,
    description: 'The language of the order confirmation: en, fr or es (en when absent)',
  })
  language?: string | null;
}
