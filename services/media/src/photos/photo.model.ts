import { Directive, Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import type { LivePhoto } from '@gallery/contracts';
import { MediaKind } from './media-kind.enum.js';

@ObjectType('Photo')
@Directive('@key(fields: "id")')
export class PhotoModel implements LivePhoto {
  @Field(() => ID)
  id!: string;

  @Field()
  eventCode!: string;

  @Field({ description: 'Stable app URL answered with a redirect to a short-lived presigned URL.' })
  thumbnailUrl!: string;

  @Field()
  previewUrl!: string;

  @Field()
  originalUrl!: string;

  @Field(() => Int)
  width!: number;

  @Field(() => Int)
  height!: number;

  @Field({ description: 'ISO 8601' })
  createdAt!: string;

  @Field(() => MediaKind, {
    description: 'A video shows its poster frame as thumbnail and preview, and plays from originalUrl.',
  })
  kind!: LivePhoto['kind'];

  @Field(() => Float, { nullable: true, description: "A video's length in seconds; null for a photo." })
  durationSeconds!: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'The name the guest who uploaded it gave (at most 40 characters); null when none.',
  })
  guestName!: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'The photo challenge the guest took it for; null when none.',
  })
  challengeId!: string | null;

  @Field(() => Int, {
    nullable: true,
    description: "The table whose card's QR code it was uploaded from (table cards); null when none.",
  })
  tableNumber?: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The id of the guest identity (a browser's, never an address) that uploaded it; null when none. A browser " +
      'compares it with its own to offer deleting its own photos; the id alone is no credential.',
  })
  uploaderId?: string | null;

  @Field(() => Int, { description: "Guests' hearts on it (one per guest identity)." })
  heartCount?: number;

  @Field(() => Boolean, {
    description:
      'True for a photo waiting for the couple’s approval: shown only to its uploader (marked waiting) and on ' +
      'the couple’s queue.',
  })
  awaitingApproval?: boolean;
}
