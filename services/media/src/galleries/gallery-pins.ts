import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { KnownGalleryPins, type KnownPin } from '@gallery/platform';

/**
 * Media's record of each gallery's PIN (never the PIN), from events' domain events: the access guard admits a
 * guest of a gallery without one at once and asks events only about a gallery with one (KnownPinGuestAdmission).
 * Versions only grow: a state is kept only over an older one, so events handled out of order (a retried one, two
 * replicas) never bring back an old state.
 */
@Injectable()
export class GalleryPinStates extends KnownGalleryPins {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    super();
  }

  async pinOf(code: string): Promise<KnownPin | null> {
    const rows: { set: boolean; version: number }[] = await this.dataSource.query(
      'SELECT pin_set AS set, version FROM gallery_pins WHERE code = $1',
      [code],
    );
    return rows[0] ?? null;
  }

  /** A new gallery has no PIN: version 0, older than any PIN state events publishes for it. */
  async recordCreated(manager: EntityManager, code: string): Promise<void> {
    await this.record(manager, code, { set: false, version: 0 });
  }

  async record(manager: EntityManager, code: string, pin: KnownPin): Promise<void> {
    await manager.query(
      `INSERT INTO gallery_pins (code, pin_set, version) VALUES ($1, $2, $3)
       ON CONFLICT (code) DO UPDATE SET pin_set = EXCLUDED.pin_set, version = EXCLUDED.version
       WHERE gallery_pins.version < EXCLUDED.version`,
      [code, pin.set, pin.version],
    );
  }
}
