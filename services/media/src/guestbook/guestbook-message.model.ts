import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { GuestbookMessage } from '@gallery/contracts';

@ObjectType('GuestbookMessage', { description: 'A wish a guest left for the couple (plain text)' })
export class GuestbookMessageModel implements GuestbookMessage {
  @Field(() => ID)
  id!: string;

  @Field()
  eventCode!: string;

  @Field({ description: 'Plain text with line breaks: show it as text, never as markup' })
  text!: string;

  @Field(() => String, { nullable: true, description: 'The name the guest gave; null when none' })
  guestName!: string | null;

  @Field({ description: 'ISO 8601' })
  createdAt!: string;
}
