import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type EventExpiredData } from '@gallery/contracts';
import { OutboxRelay, recordEvent } from '@gallery/platform';

/**
 * The end of a gallery in the events service: its row, its order, its applied payments and its activity are
 * deleted, and `event.expired` goes out in the same transaction so every other service purges what it holds.
 * Sessions and sign-in links of an email that has no gallery left go too: nothing of the couple stays.
 */
@Injectable()
export class GalleryPurge {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  async purge(code: string, reason: EventExpiredData['reason']): Promise<boolean> {
    const purged = await this.dataSource.transaction((manager) => purgeGallery(manager, code, reason));
    if (purged) this.relay.kick();
    return purged;
  }
}

export async function purgeGallery(
  manager: EntityManager,
  code: string,
  reason: EventExpiredData['reason'],
): Promise<boolean> {
  const found: unknown[] = await manager.query('SELECT 1 FROM events WHERE code = $1 FOR UPDATE', [code]);
  if (found.length === 0) return false;
  // TypeORM answers a DELETE ... RETURNING with [rows, affected].
  const [orders] = (await manager.query(
    'DELETE FROM orders WHERE event_code = $1 RETURNING lower(email) AS email',
    [code],
  )) as [{ email: string }[], number];
  await manager.query('DELETE FROM applied_payments WHERE event_code = $1', [code]);
  await manager.query('DELETE FROM gallery_activity WHERE event_code = $1', [code]);
  // Guests' addresses go with the gallery, whether their mail went or not.
  await manager.query('DELETE FROM photos_ready_requests WHERE event_code = $1', [code]);
  await manager.query('DELETE FROM owner_digests WHERE event_code = $1', [code]);
  await manager.query('DELETE FROM events WHERE code = $1', [code]);
  for (const { email } of orders) {
    const left: unknown[] = await manager.query('SELECT 1 FROM orders WHERE lower(email) = $1 LIMIT 1', [
      email,
    ]);
    if (left.length > 0) continue;
    await manager.query('DELETE FROM owner_sessions WHERE email = $1', [email]);
    await manager.query('DELETE FROM sign_in_links WHERE email = $1', [email]);
  }
  await recordEvent(manager, Subjects.EventExpired, { code, reason });
  return true;
}
