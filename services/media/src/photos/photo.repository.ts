import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PhotoEntity } from './photo.entity.js';
import type { PhotoCursor } from './photo-cursor.js';
import { isPhotoId } from './photo-id.js';

/** Photos in PostgreSQL. */
@Injectable()
export class PhotoRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The photo with this id; null for any other id, including one that is not a UUID. */
  find(id: string, manager = this.dataSource.manager): Promise<PhotoEntity | null> {
    if (!isPhotoId(id)) return Promise.resolve(null);
    return manager.findOneBy(PhotoEntity, { id });
  }

  /**
   * Up to `limit` photos of a gallery, newest first, strictly after the cursor's position when given; only
   * those of one photo challenge when `challengeId` is given.
   */
  newestFirst(
    eventCode: string,
    limit: number,
    after: PhotoCursor | null,
    challengeId: string | null = null,
  ): Promise<PhotoEntity[]> {
    const query = this.dataSource.manager
      .createQueryBuilder(PhotoEntity, 'photo')
      .where('photo.event_code = :eventCode', { eventCode })
      .orderBy('photo.created_at', 'DESC')
      .addOrderBy('photo.id', 'DESC')
      .limit(limit);
    if (challengeId) query.andWhere('photo.challenge_id = :challengeId', { challengeId });
    if (after) {
      // A row comparison, so PostgreSQL walks the (event_code, created_at, id) index from the cursor.
      query.andWhere('(photo.created_at, photo.id) < (:createdAt, :id)', {
        createdAt: after.createdAt,
        id: after.id,
      });
    }
    return query.getMany();
  }

  async insert(manager: EntityManager, photo: PhotoEntity): Promise<void> {
    await manager.insert(PhotoEntity, photo);
  }
}
