import { Injectable } from '@nestjs/common';
import { StoredGalleryPins, type KnownPin } from '@gallery/platform';

/**
 * Media's record of each gallery's PIN state (StoredGalleryPins), which also keeps what events answered about a
 * gallery created before media kept PIN states, so such a gallery is asked about once. Only while media's read
 * model holds the gallery: the row is locked (FOR KEY SHARE) so a purge either waits for this insert and deletes
 * it with the rest, or has already removed the gallery and nothing is kept.
 */
@Injectable()
export class MediaGalleryPins extends StoredGalleryPins {
  override async learn(code: string, pin: KnownPin): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO gallery_pins (code, pin_set, version)
       SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM galleries WHERE code = $1 FOR KEY SHARE)
       ON CONFLICT (code) DO UPDATE SET pin_set = EXCLUDED.pin_set, version = EXCLUDED.version
       WHERE gallery_pins.version < EXCLUDED.version`,
      [code, pin.set, pin.version],
    );
  }
}
