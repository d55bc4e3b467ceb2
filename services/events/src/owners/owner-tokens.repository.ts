import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GalleryEntity } from '../galleries/gallery.entity.js';

/** Reads what proves ownership: a gallery's owner token hash, and the sessions of the order's email. */
@Injectable()
export class OwnerTokensRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async ownerTokenHash(code: string): Promise<string | null> {
    const found = await this.dataSource
      .getRepository(GalleryEntity)
      .findOne({ select: { code: true, ownerTokenHash: true }, where: { code } });
    return found?.ownerTokenHash ?? null;
  }

  /** Whether the live session with this token hash belongs to the email of gallery `code`'s order. */
  async sessionOwns(code: string, sessionHash: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM owner_sessions s JOIN orders o ON lower(o.email) = s.email
       WHERE s.token_hash = $1 AND s.expires_at > now() AND o.event_code = $2 LIMIT 1`,
      [sessionHash, code],
    );
    return rows.length > 0;
  }
}
