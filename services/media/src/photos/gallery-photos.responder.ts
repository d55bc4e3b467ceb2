import { Controller, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  RequestContracts,
  type ArchivePhoto,
  type GalleryPhotosReply,
  type GalleryPhotosRequest,
} from '@gallery/contracts';
import { AnswersRequest } from '@gallery/platform';
import { GalleryRepository } from '../galleries/gallery.repository.js';
import { downloadFileName } from './download-file-name.js';
import { PhotoCursor } from './photo-cursor.js';
import { PhotoEntity } from './photo.entity.js';
import { GalleryHighlights } from '../quality/gallery-highlights.js';

/**
 * Answers `Requests.GalleryPhotos`: the download service asks for a gallery's photos, a page at a time and
 * oldest first (a page boundary never moves while new photos arrive), to put their originals in a zip; the
 * backup service asks for the photos it was told of by id, to copy their originals to the couple's drive.
 */
@Controller()
export class GalleryPhotosResponder {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(GalleryRepository) private readonly galleries: GalleryRepository,
    @Inject(GalleryHighlights) private readonly highlights: GalleryHighlights,
  ) {}

  @AnswersRequest(RequestContracts.GalleryPhotos, { refusal: { found: false, photos: [], next: null } })
  answer(request: GalleryPhotosRequest): Promise<GalleryPhotosReply> {
    return this.page(request);
  }

  async page(request: GalleryPhotosRequest): Promise<GalleryPhotosReply> {
    const gallery = await this.galleries.find(request.code);
    if (!gallery) return { found: false, photos: [], next: null };
    const after = request.after ? PhotoCursor.decode(request.after) : null;
    if (request.after && !after) return { found: true, photos: [], next: null };
    const query = this.dataSource.manager
      .createQueryBuilder(PhotoEntity, 'photo')
      // The prompt of the photo's challenge as the list has it now (a removed challenge: none).
      .leftJoin(
        'challenges',
        'challenge',
        'challenge.id = photo.challenge_id AND challenge.event_code = photo.event_code',
      )
      .addSelect('challenge.prompt', 'challenge_prompt')
      .where('photo.event_code = :code', { code: request.code })
      // Zips and backups hold the approved photos only (docs/decisions.md): a waiting or hidden photo is the
      // couple's to download singly from the queue.
      .andWhere(`photo.review = 'approved'`)
      .orderBy('photo.created_at', 'ASC')
      .addOrderBy('photo.id', 'ASC')
      // One more than asked says whether another page follows.
      .limit(request.limit + 1);
    if (request.ids) query.andWhere('photo.id IN (:...ids)', { ids: request.ids });
    if (request.highlights) {
      const ids = await this.highlights.ids(request.code);
      if (ids.length === 0) return { found: true, photos: [], next: null };
      query.andWhere('photo.id IN (:...highlightIds)', { highlightIds: ids });
    }
    if (after) {
      query.andWhere('(photo.created_at, photo.id) > (:createdAt, :id)', {
        createdAt: after.createdAt,
        id: after.id,
      });
    }
    const { entities: rows, raw } = await query.getRawAndEntities<{ challenge_prompt: string | null }>();
    const page = rows.slice(0, request.limit);
    const last = page.at(-1);
    return {
      found: true,
      photos: page.map((photo, index) => archivePhoto(photo, raw[index]?.challenge_prompt ?? null)),
      next: rows.length > request.limit && last ? new PhotoCursor(last.createdAt, last.id).encode() : null,
    };
  }
}

function archivePhoto(photo: PhotoEntity, challengePrompt: string | null): ArchivePhoto {
  return {
    id: photo.id,
    originalKey: photo.originalKey,
    guestCopyKey: photo.guestOriginalKey,
    guestCopyPending: photo.guestCopyPending,
    previewKey: photo.previewKey,
    fileName: downloadFileName(photo.fileName, photo.contentType),
    contentType: photo.contentType,
    size: photo.size,
    createdAt: photo.createdAt.toISOString(),
    kind: photo.kind,
    guestName: photo.guestName ?? null,
    challengePrompt,
    tableNumber: photo.tableNumber ?? null,
  };
}
