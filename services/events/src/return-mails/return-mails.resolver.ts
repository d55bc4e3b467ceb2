import { Inject } from '@nestjs/common';
import { Args, Context, Field, InputType, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { DataSource } from 'typeorm';
import { normalizeEventCode } from '@gallery/contracts';
import {
  GuestOf,
  OwnerOnly,
  Public,
  VerifiedOwner,
  type GraphQLRequestContext,
  type VerifiedGalleryOwner,
} from '@gallery/platform';
import { PhotosReadyRequests } from './photos-ready-requests.js';

@InputType('PhotosReadyMailInput')
export class PhotosReadyMailInput {
  @Field({ description: 'The guest’s address (at most 254 characters)' })
  email!: string;

  @Field(() => String, { nullable: true, description: 'en, fr or es: the mail’s language (en when absent)' })
  language?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The browser’s IANA time zone (Europe/Paris): whose morning the mail goes in (UTC when unknown)',
  })
  timeZone?: string | null;
}

@ObjectType('PhotosReadyMailRequest')
export class PhotosReadyMailRequestModel {
  @Field(() => String, {
    nullable: true,
    description:
      'The token of the link that stops the mail and deletes the address (stopPhotosReadyMail); null when this ' +
      'address was already left at this gallery by another guest',
  })
  stopToken!: string | null;
}

/**
 * The mails that bring people back: a guest's "tell me when the photos are in" and its stop link, and the
 * couple's choice of the daily digest.
 */
@Resolver()
export class ReturnMailsResolver {
  constructor(
    @Inject(PhotosReadyRequests) private readonly requests: PhotosReadyRequests,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  @GuestOf('eventCode')
  @Mutation(() => PhotosReadyMailRequestModel, {
    description:
      'A guest leaves an address for one mail when the photos are in (at the reveal, else the morning after the ' +
      'wedding day): again from the same browser corrects it until it went. GUEST_IDENTITY_REQUIRED, ' +
      'GUEST_MAIL_ADDRESS_INVALID, VALIDATION_FAILED (language), RATE_LIMITED per guest and gallery.',
  })
  async askForPhotosReadyMail(
    @Args('eventCode') eventCode: string,
    @Args('input') input: PhotosReadyMailInput,
    @Context() context: GraphQLRequestContext,
  ): Promise<PhotosReadyMailRequestModel> {
    const stopToken = await this.requests.ask(normalizeEventCode(eventCode), input, context);
    return { stopToken };
  }

  @Public()
  @Mutation(() => Boolean, {
    description:
      'Stops a guest’s photos-ready mail and deletes their address (the link in the mail and in the browser ' +
      'that left it). MAIL_STOP_LINK_INVALID for a token that is not one; RATE_LIMITED after many.',
  })
  async stopPhotosReadyMail(
    @Args('token') token: string,
    @Context() context: GraphQLRequestContext,
  ): Promise<boolean> {
    await this.requests.stop(token, context.client);
    return true;
  }

  @OwnerOnly('eventCode')
  @Query(() => Boolean, {
    description: 'Owner only: whether the couple gets the daily digest while something waits for them',
  })
  async ownerDigest(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<boolean> {
    const [row] = (await this.dataSource.query('SELECT owner_digest FROM events WHERE code = $1', [
      gallery.code,
    ])) as { owner_digest: boolean }[];
    return row?.owner_digest ?? false;
  }

  @OwnerOnly('eventCode')
  @Mutation(() => Boolean, {
    description: 'Owner only: turns the daily digest on or off; answers the setting now in force',
  })
  async setOwnerDigest(
    @Args('eventCode') _eventCode: string,
    @Args('on') on: boolean,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<boolean> {
    await this.dataSource.query('UPDATE events SET owner_digest = $2 WHERE code = $1', [gallery.code, on]);
    return on;
  }
}
