import '@gallery/platform/telemetry';
import { Logger } from '@nestjs/common';
import { BillingConfig } from './config/billing-config.js';
import { createApp } from './create-app.js';

const config = BillingConfig.fromEnv();
const app = await createApp(config);
app.enableShutdownHooks();
await app.listen(config.port, config.host);
new Logger('Billing').log(
  `billing service listening on ${config.host}:${config.port} (${config.demo ? 'demo checkout, no Stripe keys' : 'Stripe'})`,
);
