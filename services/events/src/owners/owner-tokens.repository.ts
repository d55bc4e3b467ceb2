import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EventEntity } from '../galleries/event.entity.js';

/** Reads the stored hash of a gallery's owner token (a column of the events table). */
@Injectable()
export class OwnerTokensRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async ownerTokenHash(code: string): Promise<string | null> {
    const found = await this.dataSource
      .getRepository(EventEntity)
      .findOne({ select: { code: true, ownerTokenHash: true }, where: { code } });
    return found?.ownerTokenHash ?? null;
  }
}
