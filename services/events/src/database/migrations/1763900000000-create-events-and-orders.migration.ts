import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateEventsAndOrders1763900000000 implements MigrationInterface {
  name = 'CreateEventsAndOrders1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE events (
      code text NOT NULL,
      name text NOT NULL,
      couple_names text NOT NULL,
      wedding_date date NOT NULL,
      location text NOT NULL,
      plan text NOT NULL CHECK (plan IN ('free', 'standard', 'premium')),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      owner_token_hash text NOT NULL,
      CONSTRAINT events_pkey PRIMARY KEY (code)
    )`);
    await db.query(`CREATE TABLE orders (
      id uuid PRIMARY KEY,
      event_code text NOT NULL REFERENCES events (code),
      couple_names text NOT NULL,
      wedding_date date NOT NULL,
      location text NOT NULL,
      email text NOT NULL,
      phone text NOT NULL,
      requested_plan text NOT NULL CHECK (requested_plan IN ('free', 'standard', 'premium')),
      status text NOT NULL,
      created_at timestamptz NOT NULL
    )`);
    await db.query('CREATE INDEX orders_event_code ON orders (event_code)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE orders');
    await db.query('DROP TABLE events');
  }
}
