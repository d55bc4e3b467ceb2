import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PLANS, Subjects } from '@gallery/contracts';

/**
 * Storage now runs from the end of the wedding day (or the order, if later) instead of from the order. A gallery keeps its
 * expiry unless the new rule gives it more; each one moved goes out as `plan.upgraded` (reason wedding-date)
 * through the outbox, so media's uploads and the open gallery screens follow.
 */
export class StorageFromWeddingDay1798000000000 implements MigrationInterface {
  name = 'StorageFromWeddingDay1798000000000';

  async up(db: QueryRunner): Promise<void> {
    const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const storageDays = Object.entries(PLANS)
      .map(([plan, rules]) => `WHEN '${plan}' THEN ${rules.storageDays}`)
      .join(' ');
    await db.query(`
      WITH moved AS (
        UPDATE events e SET expires_at = by_rule.expires_at
        FROM (
          SELECT code,
            GREATEST(((wedding_date + 1)::timestamp AT TIME ZONE 'UTC'), created_at)
              + make_interval(days => CASE plan ${storageDays} END) AS expires_at
          FROM events
        ) by_rule
        WHERE e.code = by_rule.code AND by_rule.expires_at > e.expires_at
        RETURNING e.code, e.plan, e.expires_at
      )
      INSERT INTO outbox_events (id, subject, envelope, occurred_at)
      SELECT id, '${Subjects.PlanUpgraded}',
        jsonb_build_object(
          'id', id, 'type', '${Subjects.PlanUpgraded}', 'occurredAt', ${iso('now()')},
          'data', jsonb_build_object(
            'code', code, 'previousPlan', plan, 'plan', plan,
            'expiresAt', ${iso('expires_at')},
            'reason', 'wedding-date')),
        now()
      FROM (SELECT gen_random_uuid() AS id, * FROM moved) AS changed`);
  }

  async down(): Promise<void> {
    // The longer expiries were promised to couples: going back to the old code leaves them in place.
  }
}
