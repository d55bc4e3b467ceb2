import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import {
  cleanWelcomeLine,
  mailLanguageSchema,
  MAX_WELCOME_LINE_CHARS,
  OWNER_LIMITS,
  WELCOME_LINE_REFUSALS,
  welcomeLineProblem,
} from '@gallery/contracts';
import {
  AppError,
  OwnerOnly,
  RateLimits,
  SignedIn,
  VerifiedOwner,
  type VerifiedGalleryOwner,
  type GraphQLRequestContext,
} from '@gallery/platform';
import { BearerToken } from '../owners/bearer-token.decorator.js';
import { OwnerSessions } from '../owners/owner-sessions.js';
import { CreatedGalleryModel } from './created-gallery.model.js';
import { EventModel } from './event.model.js';
import { GalleriesRepository } from './galleries.repository.js';
import { GalleriesService } from './galleries.service.js';
import { GalleryPurge } from './gallery-purge.js';
import { EventDetailsInput, NewEventInput } from './owner-galleries.inputs.js';

/** The couple's own actions on their galleries: a signed-in owner's, or the one gallery's owner's (AccessGuard). */
@Resolver(() => EventModel)
export class OwnerGalleriesResolver {
  constructor(
    @Inject(OwnerSessions) private readonly sessions: OwnerSessions,
    @Inject(GalleriesRepository) private readonly repository: GalleriesRepository,
    @Inject(GalleriesService) private readonly galleries: GalleriesService,
    @Inject(GalleryPurge) private readonly purge: GalleryPurge,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
  ) {}

  @SignedIn()
  @Query(() => [EventModel], {
    description: "The signed-in owner's galleries, newest first; UNAUTHENTICATED without a session",
  })
  async myEvents(@BearerToken() token: string | null): Promise<EventModel[]> {
    const email = await this.sessions.emailOf(token);
    if (!email) throw new AppError('UNAUTHENTICATED');
    const found = await this.repository.galleriesOf(email, OWNER_LIMITS.galleriesPerOwner);
    return found.map((event) => EventModel.fromEntity(event));
  }

  @SignedIn()
  @Mutation(() => CreatedGalleryModel, {
    description:
      "A signed-in owner's next gallery, with the contact details of their last order; a paid plan then goes " +
      'through startCheckout. VALIDATION_FAILED as the order form',
  })
  async createEvent(
    @Args('input') input: NewEventInput,
    @BearerToken() token: string | null,
    @Context() context: GraphQLRequestContext,
  ): Promise<CreatedGalleryModel> {
    const email = await this.sessions.emailOf(token);
    if (!email) throw new AppError('UNAUTHENTICATED');
    await this.rateLimits.consume('galleryCreations', context.client);
    const created = await this.galleries.createForOwner(email, { ...input });
    return { ...created, sessionToken: token!, event: EventModel.fromEntity(created.event) };
  }

  @OwnerOnly('code')
  @Mutation(() => EventModel, {
    description:
      'Owner only: name, date and location, by the order form rules (VALIDATION_FAILED with fields)',
  })
  async updateEvent(
    @Args('code') _code: string,
    @Args('input') input: EventDetailsInput,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<EventModel> {
    return EventModel.fromEntity(await this.galleries.updateDetails(gallery.code, { ...input }));
  }

  @OwnerOnly('code')
  @Mutation(() => EventModel, {
    description:
      "Owner only: the language (en, fr or es) the gallery's links, QR codes and mails open it in; " +
      'VALIDATION_FAILED for another',
  })
  async setGalleryLanguage(
    @Args('code') _code: string,
    @Args('language') language: string,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<EventModel> {
    const parsed = mailLanguageSchema.safeParse(language);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED');
    await this.repository.setLanguage(gallery.code, parsed.data);
    const event = await this.repository.findByCode(gallery.code);
    if (!event) throw new AppError('GALLERY_NOT_FOUND');
    return EventModel.fromEntity(event);
  }

  @OwnerOnly('code')
  @Mutation(() => EventModel, {
    description:
      "Owner only: the welcome line under the couple's names on the guest's landing; empty or null removes it. " +
      'WELCOME_LINE_TOO_LONG over MAX_WELCOME_LINE_CHARS characters, WELCOME_LINE_FORBIDDEN_CHARACTERS',
  })
  async setWelcomeLine(
    @Args('code') _code: string,
    @Args('welcomeLine', { type: () => String, nullable: true }) welcomeLine: string | null,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<EventModel> {
    const problem = welcomeLine === null ? null : welcomeLineProblem(welcomeLine);
    if (problem) {
      throw new AppError(WELCOME_LINE_REFUSALS[problem], {
        count: problem === 'tooLong' ? MAX_WELCOME_LINE_CHARS : undefined,
      });
    }
    await this.repository.setWelcomeLine(gallery.code, cleanWelcomeLine(welcomeLine));
    const event = await this.repository.findByCode(gallery.code);
    if (!event) throw new AppError('GALLERY_NOT_FOUND');
    return EventModel.fromEntity(event);
  }

  @OwnerOnly('code')
  @Mutation(() => Boolean, {
    description: 'Owner only: deletes the gallery now; every service purges its photos, zips and records',
  })
  async deleteEvent(
    @Args('code') _code: string,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<boolean> {
    return this.purge.purge(gallery.code, 'deleted');
  }
}
