import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('OwnerSession')
export class OwnerSessionModel {
  @Field({ description: 'Shown once; the web app keeps it in localStorage as authToken' })
  token!: string;

  @Field()
  email!: string;
}

@ObjectType('Owner')
export class OwnerModel {
  @Field({ description: 'The email address the galleries were ordered with' })
  email!: string;
}
