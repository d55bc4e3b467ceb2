import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('GuestIdentity')
export class GuestIdentityModel {
  @Field({ description: 'What the browser keeps and sends as X-Guest-Identity with its requests.' })
  token!: string;

  @Field({
    description: "The identity's id: what a photo's uploaderId says of the browser that uploaded it.",
  })
  id!: string;
}
