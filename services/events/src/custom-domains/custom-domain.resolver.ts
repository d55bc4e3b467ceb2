import { Inject } from '@nestjs/common';
import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CUSTOM_DOMAIN_LIMITS } from '@gallery/contracts';
import { AppError, OwnerOnly, VerifiedOwner, type VerifiedGalleryOwner } from '@gallery/platform';
import { CustomDomainModel } from './custom-domain.model.js';
import { CustomDomains } from './custom-domains.service.js';

/** The owner's custom domain operations (AccessGuard checks the owner before each). */
@Resolver(() => CustomDomainModel)
export class CustomDomainResolver {
  constructor(@Inject(CustomDomains) private readonly domains: CustomDomains) {}

  @OwnerOnly('eventCode')
  @Query(() => CustomDomainModel, {
    nullable: true,
    description: "Owner only: the gallery's custom domain and its DNS records, or null",
  })
  async customDomain(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
  ): Promise<CustomDomainModel | null> {
    const domain = await this.domains.find(code);
    return domain && CustomDomainModel.fromEntity(domain, this.domains.target);
  }

  @OwnerOnly('eventCode')
  @Mutation(() => CustomDomainModel, {
    description:
      "Owner only, Premium only: sets the gallery's own host name (one per gallery) and checks its DNS records",
  })
  async setCustomDomain(
    @Args('eventCode') _eventCode: string,
    @Args('host') host: string,
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
  ): Promise<CustomDomainModel> {
    if (host.length > CUSTOM_DOMAIN_LIMITS.inputChars) throw new AppError('DOMAIN_INVALID');
    return CustomDomainModel.fromEntity(await this.domains.add(code, host), this.domains.target);
  }

  @OwnerOnly('eventCode')
  @Mutation(() => CustomDomainModel, { description: "Owner only: checks the domain's DNS records again" })
  async checkCustomDomain(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
  ): Promise<CustomDomainModel> {
    return CustomDomainModel.fromEntity(await this.domains.check(code), this.domains.target);
  }

  @OwnerOnly('eventCode')
  @Mutation(() => Boolean, {
    description: 'Owner only: stops serving the gallery on its domain and frees the name',
  })
  async removeCustomDomain(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
  ): Promise<boolean> {
    return this.domains.remove(code);
  }
}
