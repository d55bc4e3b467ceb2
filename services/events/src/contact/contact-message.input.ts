import { Field, InputType } from '@nestjs/graphql';

/** The contact form. Checked on the server by the same rules as in the browser (validateContactForm). */
@InputType()
export class ContactMessageInput {
  @Field()
  name!: string;

  @Field()
  email!: string;

  @Field(() => String, { nullable: true })
  subject?: string | null;

  @Field()
  message!: string;

  @Field(() => String, { nullable: true, description: 'The language the visitor wrote from: en, fr or es' })
  language?: string | null;
}
