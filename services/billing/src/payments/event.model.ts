import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

/** The events subgraph's Event, extended here with what billing knows about it. */
@ObjectType('Event')
@Directive('@key(fields: "code")')
export class EventModel {
  @Field(() => ID)
  code!: string;
}
