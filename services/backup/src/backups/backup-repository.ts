import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DEFAULT_PRIVACY, type BackupFailure, type BackupOAuthKind, type PlanId } from '@gallery/contracts';
import {
  DESTINATION_COLUMNS,
  type BackupCounts,
  type BackupDestination,
} from '../destinations/backup-destination.js';

/** One copy a worker took on: the photo, its destination and how many times it was tried (this one included). */
export interface ClaimedCopy {
  destinationId: string;
  photoId: string;
  attempts: number;
  /**
   * Whether the couple's own copies keep the originals' metadata, as their choice was when the copy was claimed:
   * false copies the guests' copy (no location, serial numbers or names), as their Download All does.
   */
  keepMetadata: boolean;
  /** What copying needs of the destination, as it was when the copy was claimed. */
  destination: Pick<
    BackupDestination,
    'id' | 'eventCode' | 'kind' | 'address' | 'username' | 'credentials' | 'galleryName' | 'folderPerGuest'
  >;
}

/** A drive's sign-in in progress: which drive, and the gallery as it was when its owner pressed the button. */
export interface PendingOAuth {
  kind: BackupOAuthKind;
  eventCode: string;
  galleryName: string;
  plan: PlanId;
  galleryExpiresAt: Date;
  folderPerGuest: boolean;
}

/** The backup service's tables: destinations and one row per photo and destination. */
@Injectable()
export class BackupRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async findByGallery(
    code: string,
    manager: EntityManager = this.db.manager,
  ): Promise<BackupDestination | null> {
    const rows: BackupDestination[] = await manager.query(
      `SELECT ${DESTINATION_COLUMNS} FROM backup_destinations WHERE event_code = $1`,
      [code],
    );
    return rows[0] ?? null;
  }

  /** Adds the gallery's destination; false when the gallery already has one (one per gallery). */
  async insert(
    destination: Omit<
      BackupDestination,
      'state' | 'stopReason' | 'lastFailure' | 'lastError' | 'lastErrorAt' | 'createdAt'
    >,
  ): Promise<boolean> {
    // An INSERT answers its RETURNING rows (an UPDATE or DELETE answers [rows, count]).
    const inserted = (await this.db.query(
      `INSERT INTO backup_destinations
         (id, event_code, kind, address, username, credentials, gallery_name, folder_per_guest, plan, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (event_code) DO NOTHING RETURNING id`,
      [
        destination.id,
        destination.eventCode,
        destination.kind,
        destination.address,
        destination.username,
        destination.credentials,
        destination.galleryName,
        destination.folderPerGuest,
        destination.plan,
        destination.expiresAt,
      ],
    )) as unknown[];
    return inserted.length > 0;
  }

  /** Deletes the gallery's destination, its sealed credentials and its rows; whether it had one. */
  async deleteGallery(code: string, manager: EntityManager = this.db.manager): Promise<boolean> {
    const [, deleted] = (await manager.query('DELETE FROM backup_destinations WHERE event_code = $1', [
      code,
    ])) as [unknown, number];
    return deleted > 0;
  }

  async setFolderPerGuest(code: string, folderPerGuest: boolean): Promise<void> {
    await this.db.query('UPDATE backup_destinations SET folder_per_guest = $2 WHERE event_code = $1', [
      code,
      folderPerGuest,
    ]);
  }

  /**
   * The gallery's plan as events last told it. Leaving Premium stops the backup (reason PLAN); coming back to it
   * resumes a backup stopped for that reason. Returns the destination when this change stopped it.
   */
  async applyPlan(
    manager: EntityManager,
    code: string,
    plan: PlanId,
    expiresAt: Date,
  ): Promise<BackupDestination | null> {
    const [rows] = (await manager.query(
      `UPDATE backup_destinations d SET plan = $2, expires_at = $3,
         state = CASE WHEN $2 = 'premium' AND $3 > now() THEN 'ACTIVE' ELSE 'STOPPED' END,
         stop_reason = CASE WHEN $2 = 'premium' AND $3 > now() THEN NULL
                            WHEN $2 <> 'premium' THEN 'PLAN' ELSE 'EXPIRED' END
       FROM backup_destinations before
       WHERE d.event_code = $1 AND before.id = d.id
       RETURNING before.state AS "before", d.state AS "after", d.id`,
      [code, plan, expiresAt],
    )) as [{ before: string; after: string; id: string }[], number];
    const change = rows[0];
    if (!change || change.before !== 'ACTIVE' || change.after !== 'STOPPED') return null;
    return this.findByGallery(code, manager);
  }

  /** Active destinations whose gallery's storage has ended, now stopped (reason EXPIRED). */
  async stopExpired(manager: EntityManager, now: Date): Promise<BackupDestination[]> {
    const [rows] = (await manager.query(
      `UPDATE backup_destinations SET state = 'STOPPED', stop_reason = 'EXPIRED'
       WHERE state = 'ACTIVE' AND expires_at <= $1 RETURNING event_code`,
      [now],
    )) as [{ event_code: string }[], number];
    const stopped: BackupDestination[] = [];
    for (const row of rows) {
      const destination = await this.findByGallery(row.event_code, manager);
      if (destination) stopped.push(destination);
    }
    return stopped;
  }

  /** Records photos to copy to the gallery's destination (none without one); those already recorded stay as they are. */
  async enqueue(code: string, photoIds: string[], manager: EntityManager = this.db.manager): Promise<number> {
    if (photoIds.length === 0) return 0;
    const added = (await manager.query(
      `INSERT INTO backup_items (destination_id, photo_id)
       SELECT d.id, photo_id FROM backup_destinations d, unnest($2::uuid[]) AS photo_id WHERE d.event_code = $1
       ON CONFLICT DO NOTHING RETURNING photo_id`,
      [code, photoIds],
    )) as unknown[];
    return added.length;
  }

  /**
   * Records a photo the couple approved: copied like an uploaded one, and copied after all when its row was left
   * out before (it was waiting, or hidden, when the worker came to it). One copied already stays as it is.
   */
  async enqueueApproved(code: string, photoId: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO backup_items (destination_id, photo_id)
       SELECT d.id, $2 FROM backup_destinations d WHERE d.event_code = $1
       ON CONFLICT (destination_id, photo_id) DO UPDATE
         SET status = 'pending', due_at = now(), attempts = 0, last_error = NULL
         WHERE backup_items.status = 'gone'`,
      [code, photoId],
    );
  }

  /**
   * Leaves out a photo the couple hid, if not copied yet: not copied, not counted (as a photo removed before its
   * copy). A copy already in the drive stays there: the service only ever adds to the couple's drive.
   */
  async withhold(code: string, photoId: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE backup_items item SET status = 'gone' FROM backup_destinations d
       WHERE d.event_code = $1 AND item.destination_id = d.id AND item.photo_id = $2 AND item.status = 'pending'`,
      [code, photoId],
    );
  }

  /** The couple's choice whether their own copies keep the originals' metadata (`event.privacy-changed`). */
  async setKeepMetadata(code: string, keepMetadata: boolean, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO backup_owner_choices (event_code, keep_metadata) VALUES ($1, $2)
       ON CONFLICT (event_code) DO UPDATE SET keep_metadata = EXCLUDED.keep_metadata`,
      [code, keepMetadata],
    );
  }

  /** Forgets the gallery's choices (the gallery ended); a disconnected drive keeps them for the next one. */
  async deleteChoices(code: string, manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM backup_owner_choices WHERE event_code = $1', [code]);
  }

  /**
   * Takes up to `limit` copies that are due, of destinations still backing up, for `leaseMs`: their due time moves
   * that far ahead, so another worker (or this one after a restart) takes them again only if this one died.
   * Fair between galleries: each destination gives at most `perDestination` copies, less those this process holds
   * of it already (`held`), and the copies are taken in turns (every destination's first, then every second), so
   * one gallery's thousands never push another's copy back. SKIP LOCKED: replicas never wait on each other's rows.
   * Each comes with its destination, read in the same statement.
   */
  async claim(
    limit: number,
    leaseMs: number,
    perDestination: number,
    held: ReadonlyMap<string, number> = new Map(),
  ): Promise<ClaimedCopy[]> {
    const rows: (Omit<ClaimedCopy, 'destination'> & {
      destination: Omit<ClaimedCopy['destination'], 'credentials'> & { credentials: string };
    })[] = await this.db.query(
      `WITH held AS (
         SELECT * FROM unnest($4::uuid[], $5::int[]) AS h(destination_id, copies)
       ), candidates AS (
         SELECT pick.destination_id, pick.photo_id, pick.due_at FROM backup_destinations d
         CROSS JOIN LATERAL (
           SELECT item.destination_id, item.photo_id, item.due_at FROM backup_items item
           WHERE item.destination_id = d.id AND item.status = 'pending' AND item.due_at <= now()
           ORDER BY item.due_at
           LIMIT GREATEST(0, $3 - COALESCE((SELECT copies FROM held WHERE held.destination_id = d.id), 0))
           FOR UPDATE OF item SKIP LOCKED
         ) pick
         WHERE d.state = 'ACTIVE'
       ), due AS (
         SELECT destination_id, photo_id FROM candidates
         ORDER BY row_number() OVER (PARTITION BY destination_id ORDER BY due_at), due_at
         LIMIT $1
       ), claimed AS (
         UPDATE backup_items i SET due_at = now() + $2 * interval '1 millisecond', attempts = i.attempts + 1
         FROM due WHERE i.destination_id = due.destination_id AND i.photo_id = due.photo_id
         RETURNING i.destination_id, i.photo_id, i.attempts
       )
       SELECT claimed.destination_id AS "destinationId", claimed.photo_id AS "photoId", claimed.attempts,
         COALESCE(choice.keep_metadata, $6) AS "keepMetadata",
         json_build_object('id', d.id, 'eventCode', d.event_code, 'kind', d.kind, 'address', d.address, 'username', d.username,
           'credentials', encode(d.credentials, 'base64'), 'galleryName', d.gallery_name,
           'folderPerGuest', d.folder_per_guest) AS destination
       FROM claimed JOIN backup_destinations d ON d.id = claimed.destination_id
       LEFT JOIN backup_owner_choices choice ON choice.event_code = d.event_code`,
      [
        limit,
        leaseMs,
        perDestination,
        [...held.keys()],
        [...held.values()],
        DEFAULT_PRIVACY.ownerDownloadsKeepMetadata,
      ],
    );
    return rows.map((row) => ({
      destinationId: row.destinationId,
      photoId: row.photoId,
      attempts: row.attempts,
      keepMetadata: row.keepMetadata,
      destination: { ...row.destination, credentials: Buffer.from(row.destination.credentials, 'base64') },
    }));
  }

  /** The copy is in the drive: counted, and the destination's last failure cleared (one statement). */
  async markCopied(copy: ClaimedCopy): Promise<void> {
    await this.db.query(
      `WITH done AS (
         UPDATE backup_items SET status = 'copied', copied_at = now(), last_error = NULL
         WHERE destination_id = $1 AND photo_id = $2 RETURNING destination_id
       )
       UPDATE backup_destinations SET last_failure = NULL, last_error = NULL, last_error_at = NULL
       WHERE id IN (SELECT destination_id FROM done) AND last_failure IS NOT NULL`,
      [copy.destinationId, copy.photoId],
    );
  }

  /** Gives back copies claimed and not started (a process stopping): due again at once for whoever looks. */
  async release(copies: ClaimedCopy[]): Promise<void> {
    if (copies.length === 0) return;
    await this.db.query(
      `UPDATE backup_items SET due_at = now()
       WHERE status = 'pending' AND (destination_id, photo_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`,
      [copies.map((copy) => copy.destinationId), copies.map((copy) => copy.photoId)],
    );
  }

  /**
   * Comes back to the copy after `retryMs`, the drive not at fault (the photo's copy without metadata is not
   * made yet): nothing is shown to the couple as a failure.
   */
  async postpone(copy: ClaimedCopy, retryMs: number): Promise<void> {
    await this.db.query(
      `UPDATE backup_items SET due_at = now() + $3 * interval '1 millisecond'
       WHERE destination_id = $1 AND photo_id = $2 AND status = 'pending'`,
      [copy.destinationId, copy.photoId, retryMs],
    );
  }

  /** The photo left the gallery before its copy: nothing to copy, and not counted. */
  async markGone(copy: ClaimedCopy): Promise<void> {
    await this.db.query(
      `UPDATE backup_items SET status = 'gone' WHERE destination_id = $1 AND photo_id = $2`,
      [copy.destinationId, copy.photoId],
    );
  }

  /** Puts the copy back for another attempt after `retryMs`, and the reason on the destination for the page. */
  async markFailed(
    copy: ClaimedCopy,
    failure: BackupFailure,
    detail: string,
    retryMs: number,
  ): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query(
        `UPDATE backup_items SET due_at = now() + $3 * interval '1 millisecond', last_error = $4
         WHERE destination_id = $1 AND photo_id = $2 AND status = 'pending'`,
        [copy.destinationId, copy.photoId, retryMs, detail.slice(0, 500)],
      );
      await manager.query(
        `UPDATE backup_destinations SET last_failure = $2, last_error = $3, last_error_at = now() WHERE id = $1`,
        [copy.destinationId, failure, detail.slice(0, 500)],
      );
    });
  }

  /** Records a drive's sign-in the owner started; sweeps those that ran out (nobody came back from the drive). */
  async addOAuthState(start: PendingOAuth & { nonce: string; expiresAt: Date }): Promise<void> {
    await this.db.query('DELETE FROM backup_oauth_states WHERE expires_at < now()');
    await this.db.query(
      `INSERT INTO backup_oauth_states
         (nonce, kind, event_code, gallery_name, plan, gallery_expires_at, folder_per_guest, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        start.nonce,
        start.kind,
        start.eventCode,
        start.galleryName,
        start.plan,
        start.galleryExpiresAt,
        start.folderPerGuest,
        start.expiresAt,
      ],
    );
  }

  /** Takes the sign-in back (once: a second callback with the same state finds nothing), if still valid. */
  async takeOAuthState(nonce: string, kind: BackupOAuthKind, code: string): Promise<PendingOAuth | null> {
    const [rows] = (await this.db.query(
      `DELETE FROM backup_oauth_states
       WHERE nonce = $1 AND kind = $2 AND event_code = $3 AND expires_at > now()
       RETURNING kind, event_code AS "eventCode", gallery_name AS "galleryName", plan,
         gallery_expires_at AS "galleryExpiresAt", folder_per_guest AS "folderPerGuest"`,
      [nonce, kind, code],
    )) as [PendingOAuth[], number];
    return rows[0] ?? null;
  }

  async counts(destinationId: string): Promise<BackupCounts> {
    const [row] = (await this.db.query(
      `SELECT count(*) FILTER (WHERE status = 'copied')::int AS copied,
              count(*) FILTER (WHERE status <> 'gone')::int AS total
       FROM backup_items WHERE destination_id = $1`,
      [destinationId],
    )) as BackupCounts[];
    return row ?? { copied: 0, total: 0 };
  }
}
