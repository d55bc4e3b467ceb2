import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { photosSharedWithGuests } from '@gallery/contracts';
import { GuestIdentities, OwnerAuthority, type GraphQLRequestContext } from '@gallery/platform';
import { GalleryRepository } from '../galleries/gallery.repository.js';
import type { PhotoEntity } from './photo.entity.js';

/**
 * Which of a gallery's photos one caller sees. `uploaderId` undefined: every photo; a string: only that guest
 * identity's uploads; null: none (a guest without an identity while photos are not shared). `passes`: the URLs
 * handed out carry each photo's pass, because other guests may not fetch them.
 */
export interface PhotoView {
  uploaderId?: string | null;
  passes: boolean;
  /**
   * The guest identity whose own waiting photos are shown too (marked as waiting); other photos not yet approved
   * are shown to no one here (the couple reviews them on the queue).
   */
  viewer?: string | null;
}

/**
 * Whether a caller with this view sees the photo: the rule every list of photos applies (the uploader filter and
 * onlyReviewed), for one photo.
 */
export function viewShows(view: PhotoView, photo: Pick<PhotoEntity, 'review' | 'uploaderId'>): boolean {
  if (view.uploaderId === null) return false;
  if (view.uploaderId !== undefined && photo.uploaderId !== view.uploaderId) return false;
  if (photo.review === 'approved') return true;
  return photo.review === 'waiting' && !!view.viewer && photo.uploaderId === view.viewer;
}

/** Everyone sees every photo: today's gallery, URLs without passes. */
export const EVERY_PHOTO: PhotoView = { passes: false };

/**
 * The one place the couple's "who sees what" becomes a caller's view: every photo while photos are shared with
 * guests; otherwise every photo with passes for the couple, and only their own uploads for a guest.
 */
@Injectable()
export class PhotoAudience {
  constructor(
    @Inject(GalleryRepository) private readonly galleries: GalleryRepository,
    @Inject(GuestIdentities) private readonly identities: GuestIdentities,
    @Inject(OwnerAuthority) private readonly owners: OwnerAuthority,
  ) {}

  async view(
    code: string,
    caller: Pick<GraphQLRequestContext, 'authorization' | 'guestIdentity'>,
    /** Where the gallery's settings are read: the request's read snapshot, when it has one. */
    manager?: EntityManager,
  ): Promise<PhotoView> {
    const gallery = await this.galleries.find(code, manager);
    const viewer = this.identities.verify(caller.guestIdentity);
    if (!gallery || photosSharedWithGuests(gallery, new Date())) return { ...EVERY_PHOTO, viewer };
    if (await this.isOwner(code, caller.authorization)) return { passes: true, viewer };
    return { uploaderId: viewer, passes: true, viewer };
  }

  /** Whether a photo of this gallery may be fetched without its pass: only while photos are shared. */
  async sharedNow(code: string): Promise<boolean> {
    const gallery = await this.galleries.find(code);
    return !gallery || photosSharedWithGuests(gallery, new Date());
  }

  async isOwner(code: string, authorization: string | undefined): Promise<boolean> {
    return !!authorization && (await this.owners.authorize(code, authorization)).owner !== null;
  }
}
