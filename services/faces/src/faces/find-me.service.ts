import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FIND_ME_LIMITS, GALLERY_PHOTOS_PAGE_LIMIT, Subjects } from '@gallery/contracts';
import {
  AppError,
  OutboxRelay,
  RateLimits,
  recordEvent,
  type GraphQLRequestContext,
} from '@gallery/platform';
import { FaceEngineProvider } from '../engine/face-engine.provider.js';
import { FaceRecords } from './face-records.js';
import type { FindMeResultModel, FindMeSettingsModel } from './find-me.models.js';
import { MediaRequests } from './media-requests.js';

/** "Find me": the couple's switch, and a guest's search with a selfie that is looked at in memory and dropped. */
@Injectable()
export class FindMeService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(FaceRecords) private readonly records: FaceRecords,
    @Inject(FaceEngineProvider) private readonly engine: FaceEngineProvider,
    @Inject(MediaRequests) private readonly media: MediaRequests,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  async settings(code: string): Promise<FindMeSettingsModel> {
    const [row] = (await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM find_me_galleries WHERE event_code = $1) AS on,
              (SELECT count(*)::int FROM indexed_photos i WHERE event_code = $1
                 AND NOT EXISTS (SELECT 1 FROM index_queue q WHERE q.photo_id = i.photo_id)) AS indexed,
              (SELECT count(*)::int FROM index_queue WHERE event_code = $1) AS waiting`,
      [code],
    )) as { on: boolean; indexed: number; waiting: number }[];
    return { eventCode: code, on: row!.on, indexedPhotos: row!.indexed, waitingPhotos: row!.waiting };
  }

  /**
   * On: the gallery's photos so far are queued to be looked at (new ones are queued as they come). Off: every face
   * record of the gallery is deleted at once. Either way `event.find-me-changed` says so (events' guest mails).
   */
  async turn(code: string, on: boolean): Promise<FindMeSettingsModel> {
    if (!on) {
      await this.dataSource.transaction(async (manager) => {
        await this.records.forgetGallery(manager, code);
        await recordEvent(manager, Subjects.FindMeChanged, { code, on: false });
      });
      this.relay.kick();
      return this.settings(code);
    }
    await this.dataSource.transaction(async (manager) => {
      await this.records.turnOn(manager, code);
      await recordEvent(manager, Subjects.FindMeChanged, { code, on: true });
    });
    this.relay.kick();
    let after: string | undefined;
    do {
      const page = await this.media.galleryPhotos({ code, limit: GALLERY_PHOTOS_PAGE_LIMIT, after });
      await this.dataSource.transaction(async (manager) => {
        for (const photo of page.photos) {
          if (photo.kind !== 'photo') continue;
          await this.records.queue(manager, {
            photoId: photo.id,
            eventCode: code,
            previewKey: photo.previewKey,
          });
        }
      });
      after = page.next ?? undefined;
    } while (after);
    return this.settings(code);
  }

  /** Whether guests of the gallery may look for themselves (the guest's screen shows "Find my photos"). */
  isOn(code: string): Promise<boolean> {
    return this.records.isOn(code);
  }

  /**
   * The photos of the gallery with the selfie's face that this caller may see (media decides, by the gallery's
   * privacy settings). The selfie and its descriptor live in this call only: nothing of them is stored or logged.
   */
  async search(
    code: string,
    selfieBase64: string,
    caller: GraphQLRequestContext,
  ): Promise<FindMeResultModel> {
    const selfie = decodeSelfie(selfieBase64);
    if (!(await this.records.isOn(code))) throw new AppError('FIND_ME_OFF');
    await this.rateLimits.consumeGuestAction('findMeSearches', caller, code);
    const face = await this.engine.selfie(selfie).catch(() => {
      throw new AppError('SELFIE_UNREADABLE');
    });
    if (!face) throw new AppError('NO_FACE_FOUND');
    const ids = await this.records.photosWithFace(code, face.descriptor, FIND_ME_LIMITS.resultPhotos);
    if (ids.length === 0) return { photos: [] };
    const { photos } = await this.media.visiblePhotos({
      code,
      ids,
      authorization: caller.authorization,
      guestIdentity: caller.guestIdentity,
    });
    // Nearest first, as found; media answers in its own order.
    const rank = new Map(ids.map((id, index) => [id, index]));
    photos.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
    return {
      photos: photos.map((photo) => ({
        id: photo.id,
        thumbnailUrl: photo.thumbnailUrl,
        previewUrl: photo.previewUrl,
        originalUrl: photo.originalUrl,
        width: photo.width,
        height: photo.height,
        createdAt: photo.createdAt,
        guestName: photo.guestName,
      })),
    };
  }
}

/** The selfie's bytes from base64 (a data: URL's prefix allowed), refused past FIND_ME_LIMITS.selfieBytes. */
export function decodeSelfie(value: string): Buffer {
  const base64 = value.replace(/^data:image\/[a-z+.-]+;base64,/i, '');
  if (Math.floor((base64.length * 3) / 4) > FIND_ME_LIMITS.selfieBytes + 2) {
    throw new AppError('SELFIE_TOO_LARGE', { count: Math.floor(FIND_ME_LIMITS.selfieBytes / 1024) });
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length < 16) throw new AppError('SELFIE_UNREADABLE');
  return Buffer.from(base64, 'base64');
}
