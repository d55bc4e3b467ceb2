import type { EntityManager } from 'typeorm';
import { Subjects } from '@gallery/contracts';
import { AppError, recordEvent } from '@gallery/platform';
import { GalleryEntity } from '../galleries/gallery.entity.js';

/**
 * Records `event.privacy-changed` for a gallery as its row now is, inside the caller's transaction (which has
 * written or locked the row): the privacy settings and the PIN's state (never the PIN), whole. Both a settings
 * change and a PIN change publish through here, so every consumer hears of either the same way. A gallery gone
 * meanwhile: GALLERY_NOT_FOUND, and the caller's transaction changes nothing.
 */
export async function recordPrivacyChanged(manager: EntityManager, code: string): Promise<void> {
  const gallery = await manager.findOneBy(GalleryEntity, { code });
  if (!gallery) throw new AppError('GALLERY_NOT_FOUND');
  const [pin]: { set: boolean; version: number }[] = await manager.query(
    'SELECT pin_hash IS NOT NULL AS set, pin_version AS version FROM events WHERE code = $1',
    [code],
  );
  await recordEvent(manager, Subjects.PrivacyChanged, {
    code,
    visibility: gallery.visibility,
    revealAt: gallery.revealAt?.toISOString() ?? null,
    uploadsOpenAt: gallery.uploadsOpenAt?.toISOString() ?? null,
    uploadsCloseAt: gallery.uploadsCloseAt?.toISOString() ?? null,
    guestOriginals: gallery.guestOriginals,
    ownerDownloadsKeepMetadata: gallery.ownerDownloadsKeepMetadata,
    approval: gallery.approval,
    pin,
  });
}
