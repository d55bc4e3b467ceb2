import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Reads what proves ownership: a gallery's owner token hash, and the sessions of the order's email. By SQL on the
 * galleries' and orders' tables, so that owners/ stays below the features that build on galleries.
 */
@Injectable()
export class OwnerTokensRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async ownerTokenHash(code: string): Promise<string | null> {
    const rows: { owner_token_hash: string }[] = await this.dataSource.query(
      'SELECT owner_token_hash FROM events WHERE code = $1 LIMIT 1',
      [code],
    );
    return rows[0]?.owner_token_hash ?? null;
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
