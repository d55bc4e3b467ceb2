import { Inject } from '@nestjs/common';
import { Args, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import {
  DEFAULT_PRIVACY,
  parseWindowInstant,
  photoVisibilityProblem,
  uploadWindowProblem,
} from '@gallery/contracts';
import {
  AppError,
  OutboxRelay,
  OwnerOnly,
  VerifiedOwner,
  type VerifiedGalleryOwner,
} from '@gallery/platform';
import { DataSource } from 'typeorm';
import { GalleryEntity } from '../galleries/gallery.entity.js';
import { EventModel } from '../galleries/event.model.js';
import { recordPrivacyChanged } from './privacy-changed.js';
import { PrivacySettingsInput, PrivacySettingsModel } from './privacy-settings.model.js';

function parseInstant(value: string | null | undefined): Date | null {
  const parsed = parseWindowInstant(value);
  if (parsed === undefined) throw new AppError('VALIDATION_FAILED');
  return parsed;
}

/**
 * The couple's privacy settings: read by anyone holding the code (the gallery shows whether uploads are open
 * and whether originals may be downloaded), changed by the owner only. Each change goes out whole as
 * `event.privacy-changed` in the same transaction (recordPrivacyChanged), so media enforces it from its own read
 * model.
 */
@Resolver(() => EventModel)
export class PrivacyResolver {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  @ResolveField(() => PrivacySettingsModel, { description: "The couple's privacy settings" })
  async privacy(@Parent() event: EventModel): Promise<PrivacySettingsModel> {
    const found = await this.dataSource.getRepository(GalleryEntity).findOne({
      select: {
        code: true,
        uploadsOpenAt: true,
        uploadsCloseAt: true,
        guestOriginals: true,
        visibility: true,
        revealAt: true,
        ownerDownloadsKeepMetadata: true,
        approval: true,
      },
      where: { code: event.code },
    });
    return PrivacySettingsModel.fromEntity(found ?? DEFAULT_PRIVACY);
  }

  @OwnerOnly('eventCode')
  @Mutation(() => EventModel, {
    description:
      'Owner only: sets the privacy settings (upload window, guests’ originals, who sees which photos, approval, ' +
      'whether the couple’s own downloads keep the originals’ metadata). A close in ' +
      'the past, a time after the gallery ends, a close before the open, or a reveal time missing, past or after ' +
      'the gallery ends is refused.',
  })
  async setPrivacySettings(
    @Args('eventCode') _eventCode: string,
    @Args('settings') settings: PrivacySettingsInput,
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
  ): Promise<EventModel> {
    const window = {
      uploadsOpenAt: parseInstant(settings.uploadsOpenAt),
      uploadsCloseAt: parseInstant(settings.uploadsCloseAt),
    };
    // Omitted: who sees what stays as it is (a form saving other settings does not reset it).
    const asked =
      settings.visibility == null
        ? null
        : { visibility: settings.visibility, revealAt: parseInstant(settings.revealAt) };
    const event = await this.dataSource.transaction(async (manager) => {
      // Locked: a new wedding date moving the expiry at the same moment cannot slip past the check.
      const found = await manager
        .createQueryBuilder(GalleryEntity, 'event')
        .where('event.code = :code', { code })
        .setLock('pessimistic_write')
        .getOne();
      if (!found) throw new AppError('GALLERY_NOT_FOUND');
      const problem = uploadWindowProblem(window, new Date(), found.expiresAt);
      if (problem) throw new AppError(problem);
      const visibility = asked ?? { visibility: found.visibility, revealAt: found.revealAt };
      // An unchanged reveal time that has since passed stays valid: the couple is saving something else.
      const unchangedReveal =
        visibility.visibility === 'reveal' &&
        visibility.revealAt !== null &&
        found.revealAt?.getTime() === visibility.revealAt.getTime();
      const visibilityProblem =
        asked === null || unchangedReveal
          ? null
          : photoVisibilityProblem(visibility, new Date(), found.expiresAt);
      if (visibilityProblem) throw new AppError(visibilityProblem);
      // Omitted: approval and the couple's download choice stay as they are, like who sees what.
      const approval = settings.approval ?? found.approval;
      const ownerDownloadsKeepMetadata =
        settings.ownerDownloadsKeepMetadata ?? found.ownerDownloadsKeepMetadata;
      const changes = {
        ...window,
        ...visibility,
        guestOriginals: settings.guestOriginalsAllowed,
        approval,
        ownerDownloadsKeepMetadata,
      };
      await manager.update(GalleryEntity, { code }, changes);
      await recordPrivacyChanged(manager, code);
      return Object.assign(found, changes);
    });
    this.relay.kick();
    return EventModel.fromEntity(event);
  }
}
