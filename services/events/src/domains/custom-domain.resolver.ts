import { Inject } from '@nestjs/common';
import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CUSTOM_DOMAIN_LIMITS, normalizeEventCode } from '@gallery/contracts';
import { AppError } from '@gallery/platform';
import { BearerToken } from '../owners/bearer-token.decorator.js';
import { OwnerTokens } from '../owners/owner-tokens.js';
import { CustomDomainModel } from './custom-domain.model.js';
import { CustomDomains } from './custom-domains.service.js';

/** The owner's custom domain operations: each checks the owner token first. */
@Resolver(() => CustomDomainModel)
export class CustomDomainResolver {
  constructor(
    @Inject(CustomDomains) private readonly domains: CustomDomains,
    @Inject(OwnerTokens) private readonly ownerTokens: OwnerTokens,
  ) {}

  @Query(() => CustomDomainModel, {
    nullable: true,
    description: "Owner only: the gallery's custom domain and its DNS records, or null",
  })
  async customDomain(
    @Args('eventCode') eventCode: string,
    @BearerToken() token: string | null,
  ): Promise<CustomDomainModel | null> {
    const code = await this.owned(eventCode, token);
    const domain = await this.domains.find(code);
    return domain && CustomDomainModel.fromEntity(domain, this.domains.target);
  }

  @Mutation(() => CustomDomainModel, {
    description:
      "Owner only, Premium only: sets the gallery's own host name (one per gallery) and checks its DNS records",
  })
  async setCustomDomain(
    @Args('eventCode') eventCode: string,
    @Args('host') host: string,
    @BearerToken() token: string | null,
  ): Promise<CustomDomainModel> {
    const code = await this.owned(eventCode, token);
    if (host.length > CUSTOM_DOMAIN_LIMITS.inputChars) throw new AppError('DOMAIN_INVALID');
    return CustomDomainModel.fromEntity(await this.domains.add(code, host), this.domains.target);
  }

  @Mutation(() => CustomDomainModel, { description: "Owner only: checks the domain's DNS records again" })
  async checkCustomDomain(
    @Args('eventCode') eventCode: string,
    @BearerToken() token: string | null,
  ): Promise<CustomDomainModel> {
    const code = await this.owned(eventCode, token);
    return CustomDomainModel.fromEntity(await this.domains.check(code), this.domains.target);
  }

  @Mutation(() => Boolean, {
    description: 'Owner only: stops serving the gallery on its domain and frees the name',
  })
  async removeCustomDomain(
    @Args('eventCode') eventCode: string,
    @BearerToken() token: string | null,
  ): Promise<boolean> {
    return this.domains.remove(await this.owned(eventCode, token));
  }

  private async owned(eventCode: string, token: string | null): Promise<string> {
    const code = normalizeEventCode(eventCode);
    if (!(await this.ownerTokens.verify(code, token))) throw new AppError('UNAUTHENTICATED');
    return code;
  }
}
