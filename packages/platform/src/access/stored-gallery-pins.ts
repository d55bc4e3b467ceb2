import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { KnownGalleryPins, type KnownPin } from './pin-admission.js';

/**
 * A service's record of each gallery's PIN (never the PIN) in its own `gallery_pins` table (code, pin_set,
 * version), from events' domain events and answers: the access guard admits a guest of a gallery without one at
 * once and asks events only about a gallery with one (KnownPinGuestAdmission). Versions only grow: a state is
 * kept only over an older one, so events handled out of order (a retried one, two replicas) never bring back an
 * old state.
 */
@Injectable()
export class StoredGalleryPins extends KnownGalleryPins {
  constructor(@Inject(DataSource) protected readonly dataSource: DataSource) {
    super();
  }

  async pinOf(code: string): Promise<KnownPin | null> {
    const rows: { set: boolean; version: number }[] = await this.dataSource.query(
      'SELECT pin_set AS set, version FROM gallery_pins WHERE code = $1',
      [code],
    );
    return rows[0] ?? null;
  }

  /**
   * What events answered about a gallery: nothing is kept here, as an answer given just before the gallery ended
   * would leave a row naming it after the purge. A service that can tell a live gallery keeps it (media); here a
   * gallery not heard of in events' domain events is asked about on each request.
   */
  learn(_code: string, _pin: KnownPin): Promise<void> {
    return Promise.resolve();
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
