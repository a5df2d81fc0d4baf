/** The gateway's public entry point, for the embedded process. */
export { GatewayLimitsConfig } from './gateway-config.js';
export { createGatewayRouter } from './gateway-router.js';
