import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { WALL_LIMITS, type MailLanguage } from '@gallery/contracts';
import { AppError, OutboxRelay } from '@gallery/platform';
import { recordPrivacyChanged } from '../privacy/privacy-changed.js';

const KEY_BYTES = 18;

export interface OpenedWall {
  code: string;
  name: string;
  intervalSeconds: number;
  language: MailLanguage;
}

/**
 * The couple's links to the slideshow wall. A link's key is 18 random bytes (base64url), stored as its SHA-256
 * only, so the key cannot be read back: each "open the wall" makes a new link, and a reset closes them all.
 */
@Injectable()
export class WallLinks {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  static hash(key: string): string {
    return createHash('sha256').update(key, 'utf8').digest('hex');
  }

  /**
   * A new key for gallery `code`, and the gallery's language for the link; WALL_LINKS_LIMIT once the gallery
   * holds the most links it may.
   */
  async create(code: string): Promise<{ key: string; language: MailLanguage }> {
    return this.dataSource.transaction(async (manager) => {
      // Serialises link creation per gallery, so two screens opened at once cannot both pass the count.
      const [gallery] = (await manager.query('SELECT language FROM events WHERE code = $1 FOR UPDATE', [
        code,
      ])) as { language: MailLanguage }[];
      if (!gallery) throw new AppError('GALLERY_NOT_FOUND');
      const [{ count }] = (await manager.query(
        'SELECT count(*)::int AS count FROM wall_links WHERE event_code = $1',
        [code],
      )) as [{ count: number }];
      if (count >= WALL_LIMITS.linksPerGallery) {
        throw new AppError('WALL_LINKS_LIMIT', { count: WALL_LIMITS.linksPerGallery });
      }
      const key = randomBytes(KEY_BYTES).toString('base64url');
      await manager.query('INSERT INTO wall_links (key_hash, event_code) VALUES ($1, $2)', [
        WallLinks.hash(key),
        code,
      ]);
      return { key, language: gallery.language };
    });
  }

  /**
   * Closes every wall link of the gallery: open walls show that their link is no longer valid. On a gallery with
   * a PIN a link's key is a pass, so the reset gives the PIN a new version, as a change of the PIN does: a service
   * that remembered the key's admission stops trusting it as soon as it hears of the new one.
   */
  async reset(code: string): Promise<void> {
    const published = await this.dataSource.transaction(async (manager) => {
      await manager.query('DELETE FROM wall_links WHERE event_code = $1', [code]);
      const [, bumped] = (await manager.query(
        'UPDATE events SET pin_version = pin_version + 1 WHERE code = $1 AND pin_hash IS NOT NULL',
        [code],
      )) as [unknown, number];
      if (bumped > 0) await recordPrivacyChanged(manager, code);
      return bumped > 0;
    });
    if (published) this.relay.kick();
  }

  async setInterval(code: string, seconds: number): Promise<void> {
    if (!WALL_LIMITS.intervalChoicesSeconds.includes(seconds)) throw new AppError('WALL_INTERVAL_INVALID');
    await this.dataSource.query('UPDATE events SET wall_interval_seconds = $2 WHERE code = $1', [
      code,
      seconds,
    ]);
  }

  async interval(code: string): Promise<number> {
    const rows = (await this.dataSource.query('SELECT wall_interval_seconds FROM events WHERE code = $1', [
      code,
    ])) as { wall_interval_seconds: number }[];
    return rows[0]?.wall_interval_seconds ?? WALL_LIMITS.defaultIntervalSeconds;
  }

  /** The wall that `key` opens on gallery `code`, or null when the key is not one of its links. */
  async open(code: string, key: string): Promise<OpenedWall | null> {
    const rows = (await this.dataSource.query(
      `SELECT e.code, e.name, e.wall_interval_seconds, e.language
         FROM wall_links w JOIN events e ON e.code = w.event_code
        WHERE w.key_hash = $1 AND w.event_code = $2`,
      [WallLinks.hash(key), code],
    )) as { code: string; name: string; wall_interval_seconds: number; language: MailLanguage }[];
    const [row] = rows;
    return row
      ? { code: row.code, name: row.name, intervalSeconds: row.wall_interval_seconds, language: row.language }
      : null;
  }
}
