import { Inject } from '@nestjs/common';
import { Context, Mutation, Resolver } from '@nestjs/graphql';
import { GuestIdentities, Public, RateLimits, type GraphQLRequestContext } from '@gallery/platform';
import { GuestIdentityModel } from './guest-identity.model.js';

@Resolver()
export class GuestIdentityResolver {
  constructor(
    @Inject(GuestIdentities) private readonly identities: GuestIdentities,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
  ) {}

  @Public()
  @Mutation(() => GuestIdentityModel, {
    description:
      'A new anonymous guest identity, signed by the server, for a browser that has none (it keeps it and sends ' +
      'it as X-Guest-Identity): what its uploads are recorded under, so it may delete them, and what its actions ' +
      'are counted by. A browser that sends a valid one gets it back. RATE_LIMITED past the limit per address',
  })
  async issueGuestIdentity(@Context() context: GraphQLRequestContext): Promise<GuestIdentityModel> {
    const id = this.identities.verify(context.guestIdentity);
    if (id) return { id, token: context.guestIdentity! };
    await this.rateLimits.consume('guestIdentities', context.client);
    return this.identities.issue();
  }
}
