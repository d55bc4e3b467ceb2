import '@gallery/platform/telemetry';
import { logger, stopTelemetry } from '@gallery/platform/observability';
import { gatewayConfigFromEnv } from './config/gateway-config-from-env.js';
import { startGateway, type RunningGateway } from './server.js';

let gateway: RunningGateway | undefined = undefined;
let stopping = false;

// Installed first: the gateway may wait a long time for NATS, and must still stop when asked.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: closing sockets, NATS and the supergraph`);
    try {
      await gateway?.close();
      await stopTelemetry();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'closing failed');
      process.exit(1);
    }
  });
}

gateway = await startGateway(gatewayConfigFromEnv(), logger);
logger.info(`gateway listening on ${gateway.url}`);
