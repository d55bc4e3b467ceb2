import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A checkout that pays a new gallery's own order (ordered on a paid plan) is one purchase, not an upgrade from
 * Free: the payment page, Stripe's line and the receipt say "New gallery" for it. Earlier checkouts were all
 * taken as upgrades.
 */
export class CheckoutNewGallery1796491905407 implements MigrationInterface {
  name = 'CheckoutNewGallery1796491905407';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE checkouts ADD COLUMN new_gallery boolean NOT NULL DEFAULT false');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE checkouts DROP COLUMN new_gallery');
  }
}
