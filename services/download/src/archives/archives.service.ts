import { Inject, Injectable } from '@nestjs/common';
import {
  ARCHIVE_URL_SECONDS,
  CHOSEN_PHOTOS_LIMIT,
  guestsMayReadArchive,
  isGalleryCode,
  type ArchiveLayoutId,
  type DownloadPermissionReply,
} from '@gallery/contracts';
import { AppError, RateLimits, type GuestCaller } from '@gallery/platform';
import { DataSource } from 'typeorm';
import { ArchiveBuilder } from './archive-builder.js';
import type { ArchiveJobEntity } from './archive-job.entity.js';
import { ArchiveJobModel, ArchiveStatus } from './archive-job.model.js';
import { ArchiveJobsRepository, photoSetOf } from './archive-jobs.repository.js';
import { ArchiveStorage } from './archive-storage.js';
import { BuilderLease } from './builder-lease.js';
import { ownerKeepsMetadata } from './owner-download-choices.consumer.js';
import { archiveDisposition } from './entry-names.js';
import { ServiceRequests } from './service-requests.js';

/** Nothing to zip: answered at once, nothing built. */
function emptyArchive(code: string): ArchiveJobModel {
  return {
    id: null,
    eventCode: code,
    status: ArchiveStatus.EMPTY,
    photoCount: 0,
    size: null,
    downloadUrl: null,
  };
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** A finished zip is reused only while it stays downloadable for at least this long. */
const REUSE_MARGIN_SECONDS = 60 * 60;

const STATUS = {
  building: ArchiveStatus.BUILDING,
  complete: ArchiveStatus.COMPLETE,
  failed: ArchiveStatus.FAILED,
};

/** Download All: who may, which zip serves a request, and the link to a finished one. */
@Injectable()
export class ArchivesService {
  constructor(
    @Inject(ArchiveJobsRepository) private readonly jobs: ArchiveJobsRepository,
    @Inject(ArchiveBuilder) private readonly builder: ArchiveBuilder,
    @Inject(ArchiveStorage) private readonly storage: ArchiveStorage,
    @Inject(ServiceRequests) private readonly requests: ServiceRequests,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(BuilderLease) private readonly lease: BuilderLease,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  /**
   * The zip for the gallery as it is now in the layout asked for: a finished one of the same photo set and
   * options, the build running (joined), or a new build. An empty gallery answers EMPTY at once and builds
   * nothing. JPEG copies of HEIC originals are the owner's choice; a guest's zip never has them, and holds the
   * guests' copies of the originals (no location, serial numbers or names) where the owner's holds the originals,
   * unless the couple chose their downloads without metadata (then theirs holds the guests' copies too).
   */
  async requestArchive(
    code: string,
    authorization: string | undefined,
    caller: GuestCaller,
    layout: ArchiveLayoutId = 'BY_DATE',
    jpegCopiesAsked = false,
  ): Promise<ArchiveJobModel> {
    await this.rateLimits.consumeGuestAction('archiveRequests', caller, code);
    const permission = await this.permitted(code, authorization);
    const jpegCopies = jpegCopiesAsked && permission.owner;
    // Guests' zips hold the guests' copies of the originals, without location, serial numbers or names; so
    // does the couple's when they chose so (read from this service's own copy of their privacy settings).
    const guestCopies = !permission.owner || !(await ownerKeepsMetadata(this.dataSource, code));
    const version = await this.jobs.currentVersion(code);
    const reusable = await this.jobs.findReusable(
      code,
      version,
      { layout, jpegCopies, guestCopies },
      REUSE_MARGIN_SECONDS,
    );
    if (reusable) return this.model(reusable);
    const first = await this.requests.galleryPhotos({
      code,
      limit: 1,
      ...(layout === 'HIGHLIGHTS' ? { highlights: true } : {}),
    });
    if (first.photos.length === 0) return emptyArchive(code);
    const build = await this.jobs.startOrJoin({
      eventCode: code,
      galleryName: permission.gallery!.name,
      version,
      layout,
      jpegCopies,
      guestCopies,
      builder: await this.lease.current(),
    });
    // The gallery ended since its permission was checked.
    if (!build) throw new AppError('GALLERY_NOT_FOUND');
    const { job, started } = build;
    if (started) this.builder.start(job);
    return this.model(job);
  }

  /**
   * The zip of chosen photos of the gallery ("Find me"'s "Download these"): of `ids`, those media says the caller
   * may see now (by the gallery's privacy settings, as their gallery screen shows them) and that are approved,
   * flat in PHOTOS_OF_YOU_FOLDER. The same rights as Download All, except that a gallery whose guests do not see
   * every photo is no refusal: media keeps the ones this guest may see. Its progress is not broadcast (only its
   * requester knows its id, and reads it with archiveJob); a zip of the same photos is reused.
   */
  async requestPhotosArchive(
    code: string,
    ids: string[],
    caller: GuestCaller & { authorization?: string; guestIdentity?: string },
  ): Promise<ArchiveJobModel> {
    await this.rateLimits.consumeGuestAction('archiveRequests', caller, code);
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    if (unique.length === 0 || unique.length > CHOSEN_PHOTOS_LIMIT || !unique.every(isUuid)) {
      throw new AppError('VALIDATION_FAILED');
    }
    const permission = await this.permitted(code, caller.authorization, { chosenPhotos: true });
    const { photos } = await this.requests.visiblePhotos({
      code,
      ids: unique,
      authorization: caller.authorization,
      guestIdentity: caller.guestIdentity,
    });
    const visible = photos.map((photo) => photo.id);
    if (visible.length === 0) return emptyArchive(code);
    const guestCopies = !permission.owner || !(await ownerKeepsMetadata(this.dataSource, code));
    const options = { layout: 'PHOTOS_OF_YOU' as const, jpegCopies: false, guestCopies };
    const version = await this.jobs.currentVersion(code);
    const reusable = await this.jobs.findReusable(
      code,
      version,
      { ...options, photoSet: photoSetOf(visible) },
      REUSE_MARGIN_SECONDS,
    );
    if (reusable) return this.model(reusable);
    const build = await this.jobs.startOrJoin({
      eventCode: code,
      galleryName: permission.gallery!.name,
      version,
      ...options,
      photoIds: visible,
      builder: await this.lease.current(),
    });
    if (!build) throw new AppError('GALLERY_NOT_FOUND');
    if (build.started) this.builder.start(build.job);
    return this.model(build.job);
  }

  /**
   * One job of the gallery, with its link once complete; null for a job of another gallery or none, and for a
   * guest, a job of the couple's own kind (guestsMayReadArchive): the originals, or the JPEG copies.
   */
  async archiveJob(
    code: string,
    id: string,
    authorization: string | undefined,
  ): Promise<ArchiveJobModel | null> {
    const job = isUuid(id) ? await this.jobs.find(id) : null;
    const permission = await this.permitted(code, authorization, { chosenPhotos: Boolean(job?.photoSet) });
    if (!job || job.eventCode !== code) return null;
    if (!permission.owner && !guestsMayReadArchive(job)) return null;
    return this.model(job);
  }

  /**
   * The owner always; anyone with the code when the owner lets guests download and every guest sees every photo
   * (a drop box, or a reveal still to come, keeps others' photos out of guests' hands: DOWNLOAD_ALL_PRIVATE). A
   * zip of chosen photos holds only those media let the guest see: the owner's letting guests download is enough.
   */
  private async permitted(
    code: string,
    authorization: string | undefined,
    { chosenPhotos = false } = {},
  ): Promise<DownloadPermissionReply> {
    if (!isGalleryCode(code)) throw new AppError('GALLERY_NOT_FOUND');
    const permission = await this.requests.downloadPermission({ code, authorization });
    if (!permission.gallery) throw new AppError('GALLERY_NOT_FOUND');
    if (!permission.owner && !permission.guestDownloadsAllowed) throw new AppError('FORBIDDEN');
    if (!permission.owner && !chosenPhotos && permission.photosShared === false) {
      throw new AppError('DOWNLOAD_ALL_PRIVATE');
    }
    return permission;
  }

  private async model(job: ArchiveJobEntity): Promise<ArchiveJobModel> {
    const complete = job.status === 'complete' && !job.deletedAt;
    return {
      id: job.id,
      eventCode: job.eventCode,
      status: job.deletedAt ? ArchiveStatus.FAILED : STATUS[job.status],
      photoCount: job.photoCount,
      size: job.size,
      downloadUrl: complete
        ? await this.storage.presignDownload(
            job.objectKey,
            ARCHIVE_URL_SECONDS,
            archiveDisposition(job.galleryName),
          )
        : null,
    };
  }
}
