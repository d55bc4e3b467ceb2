import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The request an event came from travels with it: its id and W3C trace context, kept on the outbox row until
 * the relay publishes them as NATS headers.
 */
export class CarryRequestHeaders1799000000000 implements MigrationInterface {
  name = 'CarryRequestHeaders1799000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE outbox_events ADD COLUMN IF NOT EXISTS headers jsonb');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE outbox_events DROP COLUMN IF EXISTS headers');
  }
}
