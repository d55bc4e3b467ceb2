import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments are accounting records and outlive their gallery, but without its code: a purged gallery's paid
 * checkouts and payments keep amounts, plans, dates and Stripe's ids, with no gallery named.
 */
export class KeepPaymentsWithoutGallery1795392000001 implements MigrationInterface {
  name = 'KeepPaymentsWithoutGallery1795392000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE checkouts ALTER COLUMN event_code DROP NOT NULL');
    await db.query('ALTER TABLE payments ALTER COLUMN event_code DROP NOT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query("UPDATE payments SET event_code = '' WHERE event_code IS NULL");
    await db.query("UPDATE checkouts SET event_code = '' WHERE event_code IS NULL");
    await db.query('ALTER TABLE payments ALTER COLUMN event_code SET NOT NULL');
    await db.query('ALTER TABLE checkouts ALTER COLUMN event_code SET NOT NULL');
  }
}
