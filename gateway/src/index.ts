export type { GatewayConfig } from './config/gateway-config.js';
export { gatewayConfigFromEnv } from './config/gateway-config-from-env.js';
export { startGateway, type RunningGateway } from './server.js';
export { LiveFanout } from './live/live-fanout.js';
