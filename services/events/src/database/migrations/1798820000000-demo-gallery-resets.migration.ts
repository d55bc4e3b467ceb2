import { dailyClaimTableMigration } from '@gallery/platform';

/**
 * The days events put the demo gallery back to its seed: one row per UTC day, whichever replica did it
 * (DailyClaim's table). The same statements as when it was first applied: `day date PRIMARY KEY, reset_at
 * timestamptz NOT NULL DEFAULT now()`.
 */
export const DemoGalleryResets1798820000000 = dailyClaimTableMigration(
  'DemoGalleryResets1798820000000',
  'demo_gallery_resets',
  'reset_at',
);
