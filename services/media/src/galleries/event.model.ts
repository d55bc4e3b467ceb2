import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

/** The events subgraph's gallery, which this subgraph extends with its photos. */
@ObjectType('Event')
@Directive('@key(fields: "code")')
export class EventModel {
  @Field(() => ID)
  code!: string;
}
