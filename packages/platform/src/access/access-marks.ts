import {
  applyDecorators,
  createParamDecorator,
  SetMetadata,
  type ExecutionContext,
  type Type,
} from '@nestjs/common';
import { Directive } from '@nestjs/graphql';
import { DirectiveLocation, GraphQLDirective, GraphQLNonNull, GraphQLString } from 'graphql';
import type { AccessLevel, EventCreatedData, PlanId } from '@gallery/contracts';

/** Where each operation's access mark is kept (read by AccessGuard, and by the test that every one has one). */
export const ACCESS_MARK = 'gallery:access';

/**
 * Turns an argument that is not a gallery code (a photo id) into the code of the gallery it belongs to, for
 * OwnerOnly. Throws the resolver's own not-found error (PHOTO_NOT_FOUND) when it names nothing.
 */
export interface GalleryOfArgument {
  galleryOf(value: string): Promise<string>;
}

/** Who may call an operation (one of ACCESS_LEVELS in @gallery/contracts): what AccessGuard enforces. */
export type AccessMark =
  /** Anyone: the operation decides for itself what a caller sees (nothing of a gallery's owner's). */
  | { who: 'public' }
  /** Whoever holds the gallery's code, named by `argument`: today the code is the guest's credential. */
  | { who: 'guest'; argument: string }
  /** A signed-in owner (a session token), whichever gallery: the resolver turns the token into the email. */
  | { who: 'signed-in' }
  /** The owner of the gallery named by `argument` (or found from it by `gallery`). */
  | { who: 'owner'; argument: string; gallery?: Type<GalleryOfArgument> };

/**
 * The mark as the subgraph's schema shows it (`@access(who: "owner", argument: "eventCode")` on the operation),
 * so a test of the composed schema can tell an operation without one and walk the owner-only ones. The gateway
 * keeps it out of the schema clients see. Every subgraph lists it in buildSchemaOptions.directives.
 */
export const ACCESS_DIRECTIVE = new GraphQLDirective({
  name: 'access',
  description: 'Who may call this operation: public, guest (holds the code), signed-in or owner',
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: {
    who: { type: new GraphQLNonNull(GraphQLString) },
    argument: { type: GraphQLString, description: "The argument holding the gallery's code (or naming it)" },
  },
});

/** The guard's metadata and the schema's directive, always together. */
function mark(access: AccessMark & { who: AccessLevel }) {
  const argument = 'argument' in access ? `, argument: ${JSON.stringify(access.argument)}` : '';
  return applyDecorators(
    SetMetadata(ACCESS_MARK, access),
    Directive(`@access(who: ${JSON.stringify(access.who)}${argument})`),
  );
}

/** Anyone may call it. */
export const Public = () => mark({ who: 'public' });

/** Anyone holding the code passed as `argument` (a guest of that gallery, or its owner). */
export const GuestOf = (argument: string) => mark({ who: 'guest', argument });

/** A signed-in owner: UNAUTHENTICATED without a bearer token. */
export const SignedIn = () => mark({ who: 'signed-in' });

/**
 * The owner of the gallery whose code is `argument` (or, with `options.gallery`, of the gallery that argument
 * belongs to): UNAUTHENTICATED without a token, GALLERY_NOT_FOUND for a code naming no gallery,
 * NOT_GALLERY_OWNER for any other token. The resolver reads what was verified with @VerifiedOwner().
 */
export const OwnerOnly = (argument: string, options: { gallery?: Type<GalleryOfArgument> } = {}) =>
  mark({ who: 'owner', argument, gallery: options.gallery });

/** What AccessGuard verified for an OwnerOnly operation: the gallery (as event.created told it) and its owner. */
export interface VerifiedGalleryOwner {
  gallery: EventCreatedData;
  /** `awaitingPlan`: the plan the gallery's own order waits to be paid for, null (or absent) when none. */
  owner: { email: string; awaitingPlan?: PlanId | null };
}

/** The verdicts of OwnerOnly operations, by the operation's own arguments object (one per field resolved). */
const verified = new WeakMap<object, VerifiedGalleryOwner>();

export function recordVerifiedOwner(args: object, owner: VerifiedGalleryOwner): void {
  verified.set(args, owner);
}

/** The gallery and owner AccessGuard verified for this OwnerOnly operation. */
export const VerifiedOwner = createParamDecorator(
  (_data: unknown, context: ExecutionContext): VerifiedGalleryOwner => {
    const args = context.getArgByIndex<object>(1);
    const owner = verified.get(args);
    if (!owner) throw new Error('@VerifiedOwner() read on an operation that is not @OwnerOnly');
    return owner;
  },
);
