import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EventCreatedData } from '@gallery/contracts';
import { GalleryEntity } from './gallery.entity.js';

/** The gallery read model in PostgreSQL. */
@Injectable()
export class GalleryRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  find(code: string): Promise<GalleryEntity | null> {
    return this.dataSource.manager.findOneBy(GalleryEntity, { code });
  }

  /** Reads and locks the row until the caller's transaction ends: the quota decision holds until commit. */
  findForUpdate(manager: EntityManager, code: string): Promise<GalleryEntity | null> {
    return manager
      .createQueryBuilder(GalleryEntity, 'gallery')
      .where('gallery.code = :code', { code })
      .setLock('pessimistic_write')
      .getOne();
  }

  /** Counts one more photo; returns the new count. */
  async addPhoto(manager: EntityManager, code: string): Promise<number> {
    const result = await manager
      .createQueryBuilder()
      .update(GalleryEntity)
      .set({ photoCount: () => 'photo_count + 1' })
      .where('code = :code', { code })
      .returning('photo_count')
      .execute();
    return (result.raw as { photo_count: number }[])[0].photo_count;
  }

  /**
   * A gallery the events service created. A repeat of the same gallery leaves the row (and its count) as is:
   * later events (plan upgrades, expiry) are what change it.
   */
  async recordCreated(manager: EntityManager, gallery: EventCreatedData): Promise<void> {
    await manager.query(
      `INSERT INTO galleries (code, plan, expires_at, photo_count) VALUES ($1, $2, $3, 0)
       ON CONFLICT (code) DO NOTHING`,
      [gallery.code, gallery.plan, gallery.expiresAt],
    );
  }
}
