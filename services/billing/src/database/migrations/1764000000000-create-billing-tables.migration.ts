import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBillingTables1764000000000 implements MigrationInterface {
  name = 'CreateBillingTables1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE checkouts (
      id uuid PRIMARY KEY,
      event_code text NOT NULL,
      from_plan text NOT NULL CHECK (from_plan IN ('free', 'standard', 'premium')),
      plan text NOT NULL CHECK (plan IN ('free', 'standard', 'premium')),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      currency text NOT NULL,
      status text NOT NULL CHECK (status IN ('open', 'paid', 'cancelled', 'refunded')),
      payment_url text NOT NULL,
      demo boolean NOT NULL,
      stripe_session_id text,
      customer_email text NOT NULL,
      language text NOT NULL,
      created_at timestamptz NOT NULL,
      paid_at timestamptz
    )`);
    await db.query('CREATE INDEX checkouts_event_code ON checkouts (event_code)');
    await db.query(`CREATE TABLE payments (
      id uuid PRIMARY KEY,
      checkout_id uuid NOT NULL UNIQUE REFERENCES checkouts (id),
      event_code text NOT NULL,
      from_plan text NOT NULL,
      plan text NOT NULL,
      amount_cents integer NOT NULL,
      currency text NOT NULL,
      payment_intent text UNIQUE,
      applied boolean NOT NULL,
      paid_at timestamptz NOT NULL,
      refund_requested_at timestamptz,
      refunded_at timestamptz
    )`);
    await db.query('CREATE INDEX payments_event_code ON payments (event_code, paid_at)');
    await db.query(`CREATE TABLE stripe_events (
      id text PRIMARY KEY,
      type text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE stripe_events');
    await db.query('DROP TABLE payments');
    await db.query('DROP TABLE checkouts');
  }
}
