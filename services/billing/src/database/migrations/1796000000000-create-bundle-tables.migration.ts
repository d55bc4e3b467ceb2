import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Event bundles: checkouts of bundles (an owner's, no gallery yet), the purchases their payments record, and
 * one row per credit. A credit is redeemed by one conditional update of its row, so two redemptions of the
 * same credit at once cannot both succeed.
 */
export class CreateBundleTables1796000000000 implements MigrationInterface {
  name = 'CreateBundleTables1796000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE bundle_checkouts (
      id uuid PRIMARY KEY,
      owner_email text NOT NULL,
      bundle_id text NOT NULL,
      plan text NOT NULL CHECK (plan IN ('standard', 'premium')),
      events integer NOT NULL CHECK (events > 0),
      quantity integer NOT NULL CHECK (quantity > 0),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      currency text NOT NULL,
      status text NOT NULL CHECK (status IN ('open', 'paid', 'cancelled')),
      payment_url text NOT NULL,
      demo boolean NOT NULL,
      stripe_session_id text,
      language text NOT NULL,
      created_at timestamptz NOT NULL,
      paid_at timestamptz
    )`);
    await db.query(`CREATE TABLE bundle_purchases (
      id uuid PRIMARY KEY,
      checkout_id uuid NOT NULL UNIQUE REFERENCES bundle_checkouts (id),
      owner_email text NOT NULL,
      bundle_id text NOT NULL,
      plan text NOT NULL,
      events integer NOT NULL,
      quantity integer NOT NULL,
      credits integer NOT NULL CHECK (credits > 0),
      amount_cents integer NOT NULL,
      currency text NOT NULL,
      payment_intent text UNIQUE,
      paid_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      refund_requested_at timestamptz,
      refund_cents integer,
      refunded_at timestamptz
    )`);
    await db.query('CREATE INDEX bundle_purchases_owner ON bundle_purchases (owner_email, paid_at)');
    await db.query(`CREATE TABLE credits (
      id uuid PRIMARY KEY,
      purchase_id uuid NOT NULL REFERENCES bundle_purchases (id),
      owner_email text NOT NULL,
      plan text NOT NULL CHECK (plan IN ('standard', 'premium')),
      expires_at timestamptz NOT NULL,
      redeemed_at timestamptz,
      event_code text,
      from_plan text,
      refunded_at timestamptz,
      CHECK (redeemed_at IS NULL OR refunded_at IS NULL)
    )`);
    await db.query('CREATE INDEX credits_owner ON credits (owner_email, expires_at)');
    await db.query('CREATE INDEX credits_purchase ON credits (purchase_id)');
    await db.query('CREATE INDEX credits_event_code ON credits (event_code)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE credits');
    await db.query('DROP TABLE bundle_purchases');
    await db.query('DROP TABLE bundle_checkouts');
  }
}
