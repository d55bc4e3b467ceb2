import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { UploadEntity } from './upload.entity.js';
import type { UploadStatus } from './upload-status.js';
import { isPhotoId } from '../photos/photo-id.js';

/** Upload sessions in PostgreSQL. */
@Injectable()
export class UploadRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async createMany(uploads: UploadEntity[]): Promise<void> {
    if (uploads.length > 0) await this.dataSource.manager.insert(UploadEntity, uploads);
  }

  /** The gallery's upload with this id; null for any other id, including one that is not a UUID. */
  find(eventCode: string, id: string): Promise<UploadEntity | null> {
    if (!isPhotoId(id)) return Promise.resolve(null);
    return this.dataSource.manager.findOneBy(UploadEntity, { id, eventCode });
  }

  findForUpdate(manager: EntityManager, id: string): Promise<UploadEntity | null> {
    return manager
      .createQueryBuilder(UploadEntity, 'upload')
      .where('upload.id = :id', { id })
      .setLock('pessimistic_write')
      .getOne();
  }

  async setStatus(manager: EntityManager, id: string, status: UploadStatus): Promise<void> {
    await manager.update(UploadEntity, { id }, { status });
  }

  /** Marks a pending upload refused; false when it was no longer pending (another confirmation got there). */
  async refuseIfPending(id: string): Promise<boolean> {
    const result = await this.dataSource.manager.update(
      UploadEntity,
      { id, status: 'pending' },
      { status: 'refused' },
    );
    return result.affected === 1;
  }
}
