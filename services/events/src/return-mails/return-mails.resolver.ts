import { Inject } from '@nestjs/common';
import {
  Args,
  Context,
  Field,
  InputType,
  Mutation,
  ObjectType,
  Query,
  registerEnumType,
  Resolver,
} from '@nestjs/graphql';
import { DataSource } from 'typeorm';
import { normalizeEventCode, OWNER_MAIL_CHOICES, type OwnerMailChoice } from '@gallery/contracts';
import {
  GuestOf,
  OwnerOnly,
  Public,
  VerifiedOwner,
  type GraphQLRequestContext,
  type VerifiedGalleryOwner,
} from '@gallery/platform';
import { ownerMailsOff, setOwnerMails } from './owner-mail-choices.js';
import { PhotosReadyRequests } from './photos-ready-requests.js';

/** The mails the couple may turn off (OWNER_MAIL_CHOICES), as GraphQL names them. */
export enum OwnerMail {
  WAITING_PHOTOS = 'WAITING_PHOTOS',
  WAITING_MESSAGES = 'WAITING_MESSAGES',
  STORAGE_ENDING = 'STORAGE_ENDING',
  BACKUP_STOPPED = 'BACKUP_STOPPED',
  GALLERY_FULL = 'GALLERY_FULL',
  PIN_GUESSING = 'PIN_GUESSING',
}
registerEnumType(OwnerMail, {
  name: 'OwnerMail',
  description:
    'A mail the couple may turn off: the daily digest’s parts (photos and guestbook messages waiting for ' +
    'approval, storage ending soon, a backup that stopped, which also stops the mail sent when it stops), the ' +
    'mail when the gallery is full and the one when someone guesses the PIN',
});
const OWNER_MAIL_IDS: Record<OwnerMail, OwnerMailChoice> = {
  WAITING_PHOTOS: 'waitingPhotos',
  WAITING_MESSAGES: 'waitingMessages',
  STORAGE_ENDING: 'storageEnding',
  BACKUP_STOPPED: 'backupStopped',
  GALLERY_FULL: 'galleryFull',
  PIN_GUESSING: 'pinGuessing',
};
const OWNER_MAIL_ENUM = Object.fromEntries(
  Object.entries(OWNER_MAIL_IDS).map(([name, id]) => [id, name]),
) as Record<OwnerMailChoice, OwnerMail>;

@ObjectType('OwnerMailChoice')
export class OwnerMailChoiceModel {
  @Field(() => OwnerMail)
  mail!: OwnerMail;

  @Field({ description: 'Whether the couple gets it' })
  on!: boolean;
}

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
 * couple's choice of each of their mails (the digest's parts among them).
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
  @Query(() => [OwnerMailChoiceModel], {
    description:
      'Owner only: each mail the couple may turn off (the daily digest’s parts, then the mails sent at once), ' +
      'on or off for this gallery',
  })
  async ownerMails(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<OwnerMailChoiceModel[]> {
    return this.choicesOf(gallery.code);
  }

  @OwnerOnly('eventCode')
  @Mutation(() => [OwnerMailChoiceModel], {
    description: 'Owner only: turns one mail on or off for this gallery; answers every choice now in force',
  })
  async setOwnerMail(
    @Args('eventCode') _eventCode: string,
    @Args('mail', { type: () => OwnerMail }) mail: OwnerMail,
    @Args('on') on: boolean,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<OwnerMailChoiceModel[]> {
    await setOwnerMails(this.dataSource, gallery.code, [OWNER_MAIL_IDS[mail]], on);
    return this.choicesOf(gallery.code);
  }

  private async choicesOf(code: string): Promise<OwnerMailChoiceModel[]> {
    const off = await ownerMailsOff(this.dataSource, code);
    return OWNER_MAIL_CHOICES.map((choice) => ({ mail: OWNER_MAIL_ENUM[choice], on: !off.has(choice) }));
  }
}
