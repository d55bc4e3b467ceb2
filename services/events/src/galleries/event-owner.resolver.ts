import { Inject } from '@nestjs/common';
import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { EventModel } from './event.model.js';
import { BearerToken } from '../owners/bearer-token.decorator.js';
import { OwnerTokens } from '../owners/owner-tokens.js';

@Resolver(() => EventModel)
export class EventOwnerResolver {
  constructor(@Inject(OwnerTokens) private readonly ownerTokens: OwnerTokens) {}

  @ResolveField(() => Boolean, {
    description:
      "True when the request's bearer token is this gallery's owner token: the web app shows owner controls",
  })
  isOwner(@Parent() event: EventModel, @BearerToken() token: string | null): Promise<boolean> {
    return this.ownerTokens.verify(event.code, token);
  }
}
