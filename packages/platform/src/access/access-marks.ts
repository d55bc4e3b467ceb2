import { createParamDecorator, SetMetadata, type ExecutionContext, type Type } from '@nestjs/common';
import type { EventCreatedData } from '@gallery/contracts';

/** Where each operation's access mark is kept (read by AccessGuard, and by the test that every one has one). */
export const ACCESS_MARK = 'gallery:access';

/**
 * Turns an argument that is not a gallery code (a photo id) into the code of the gallery it belongs to, for
 * OwnerOnly. Throws the resolver's own not-found error (PHOTO_NOT_FOUND) when it names nothing.
 */
export interface GalleryOfArgument {
  galleryOf(value: string): Promise<string>;
}

/** Who may call an operation: what AccessGuard enforces before the resolver runs. */
export type AccessMark =
  /** Anyone: the operation decides for itself what a caller sees (nothing that belongs to a gallery's owner). */
  | { who: 'public' }
  /** Whoever holds the gallery's code, named by `argument`: today the code is the guest's credential. */
  | { who: 'guest'; argument: string }
  /** A signed-in owner (a session token), whichever gallery: the resolver turns the token into the email. */
  | { who: 'signed-in' }
  /** The owner of the gallery named by `argument` (or found from it by `gallery`). */
  | { who: 'owner'; argument: string; gallery?: Type<GalleryOfArgument> };

export type AccessLevel = AccessMark['who'];

/** Anyone may call it. */
export const Public = () => SetMetadata(ACCESS_MARK, { who: 'public' } satisfies AccessMark);

/** Anyone holding the code passed as `argument` (a guest of that gallery, or its owner). */
export const GuestOf = (argument: string) =>
  SetMetadata(ACCESS_MARK, { who: 'guest', argument } satisfies AccessMark);

/** A signed-in owner: UNAUTHENTICATED without a bearer token. */
export const SignedIn = () => SetMetadata(ACCESS_MARK, { who: 'signed-in' } satisfies AccessMark);

/**
 * The owner of the gallery whose code is `argument` (or, with `options.gallery`, of the gallery that argument
 * belongs to): UNAUTHENTICATED without a token, GALLERY_NOT_FOUND for a code naming no gallery,
 * NOT_GALLERY_OWNER for any other token. The resolver reads what was verified with @VerifiedOwner().
 */
export const OwnerOnly = (argument: string, options: { gallery?: Type<GalleryOfArgument> } = {}) =>
  SetMetadata(ACCESS_MARK, { who: 'owner', argument, gallery: options.gallery } satisfies AccessMark);

/** What AccessGuard verified for an OwnerOnly operation: the gallery (as event.created told it) and its owner. */
export interface VerifiedGalleryOwner {
  gallery: EventCreatedData;
  owner: { email: string };
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
