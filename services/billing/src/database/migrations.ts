import { CreateBillingTables1764000000000 } from './migrations/1764000000000-create-billing-tables.migration.js';
import { KeepPaymentsWithoutGallery1795392000001 } from './migrations/1795392000001-keep-payments-without-gallery.migration.js';
import { CreateBundleTables1796000000000 } from './migrations/1796000000000-create-bundle-tables.migration.js';
import { CheckoutNewGallery1796491905407 } from './migrations/1796491905407-checkout-new-gallery.migration.js';

/** Every migration of the billing database (TypeORM runs them in the order of their timestamps). */
export const billingMigrations = [
  CreateBillingTables1764000000000,
  KeepPaymentsWithoutGallery1795392000001,
  CreateBundleTables1796000000000,
  CheckoutNewGallery1796491905407,
];
