import { Inject } from '@nestjs/common';
import { Args, Context, Field, Mutation, ObjectType, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import {
  AppError,
  OwnerOnly,
  Public,
  VerifiedOwner,
  type VerifiedGalleryOwner,
  type GraphQLRequestContext,
} from '@gallery/platform';
import { normalizeEventCode } from '@gallery/contracts';
import { GalleriesRepository } from '../galleries/galleries.repository.js';
import { EventModel } from '../galleries/event.model.js';
import { GalleryPins } from './gallery-pins.js';

@ObjectType('GalleryPass')
export class GalleryPassModel {
  @Field({ description: 'Sent as X-Gallery-Pass with every request to this gallery (and the live socket)' })
  pass!: string;

  @Field({ description: 'ISO 8601: after this the PIN is asked again' })
  expiresAt!: string;
}

/**
 * The gallery PIN: the couple sets, changes or removes it (owner only); a guest enters it once per browser and
 * gets a pass. Its own mutation, apart from the other privacy settings.
 */
@Resolver(() => EventModel)
export class GalleryPinResolver {
  constructor(
    @Inject(GalleryPins) private readonly pins: GalleryPins,
    @Inject(GalleriesRepository) private readonly galleries: GalleriesRepository,
  ) {}

  @ResolveField(() => Boolean, { description: 'Whether guests must enter a PIN (never the PIN itself)' })
  pinProtected(@Parent() event: EventModel): Promise<boolean> {
    return this.pins.isSet(event.code);
  }

  @OwnerOnly('eventCode')
  @Mutation(() => EventModel, {
    description:
      'Owner only: sets or changes the gallery PIN (4-8 digits, else PIN_FORMAT_INVALID), or removes it (null). ' +
      'Every guest must enter the new PIN: passes given so far stop working.',
  })
  async setGalleryPin(
    @Args('eventCode') _eventCode: string,
    @Args('pin', { type: () => String, nullable: true }) pin: string | null,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<EventModel> {
    await this.pins.set(gallery.code, pin);
    const found = await this.galleries.findByCode(gallery.code);
    if (!found) throw new AppError('GALLERY_NOT_FOUND');
    return EventModel.fromEntity(found);
  }

  @Public()
  @Mutation(() => GalleryPassModel, {
    description:
      'A guest enters the gallery PIN: a pass for this browser, or PIN_WRONG, PIN_FORMAT_INVALID, RATE_LIMITED ' +
      '(per guest and gallery, per address and gallery, and per gallery in a day), GALLERY_NOT_FOUND.',
  })
  async enterGalleryPin(
    @Args('code') code: string,
    @Args('pin') pin: string,
    @Context() context: GraphQLRequestContext,
  ): Promise<GalleryPassModel> {
    const { pass, expiresAt } = await this.pins.enter(
      normalizeEventCode(code.slice(0, 40)),
      pin.slice(0, 40),
      context,
    );
    return { pass, expiresAt: expiresAt.toISOString() };
  }
}
