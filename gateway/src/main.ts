import { gatewayConfigFromEnv } from './config/gateway-config-from-env.js';
import { startGateway, type RunningGateway } from './server.js';

let gateway: RunningGateway | undefined = undefined;
let stopping = false;

// Installed first: the gateway may wait a long time for NATS, and must still stop when asked.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing sockets, NATS and the supergraph`);
    try {
      await gateway?.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  });
}

gateway = await startGateway(gatewayConfigFromEnv());
console.log(`gateway listening on ${gateway.url}`);
