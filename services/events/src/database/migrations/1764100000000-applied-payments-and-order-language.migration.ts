import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments applied to galleries, kept so that a refund reverts exactly what its payment changed, and the
 * language an order was placed in, for the mail that answers it.
 */
export class AppliedPaymentsAndOrderLanguage1764100000000 implements MigrationInterface {
  name = 'AppliedPaymentsAndOrderLanguage1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE applied_payments (
      payment_id uuid PRIMARY KEY,
      event_code text NOT NULL REFERENCES events (code),
      previous_plan text NOT NULL CHECK (previous_plan IN ('free', 'standard', 'premium')),
      previous_expires_at timestamptz NOT NULL,
      plan text NOT NULL CHECK (plan IN ('free', 'standard', 'premium')),
      applied_at timestamptz NOT NULL,
      refunded_at timestamptz
    )`);
    await db.query('CREATE INDEX applied_payments_event_code ON applied_payments (event_code, applied_at)');
    await db.query(
      `ALTER TABLE orders ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fr', 'es'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE orders DROP COLUMN language');
    await db.query('DROP TABLE applied_payments');
  }
}
