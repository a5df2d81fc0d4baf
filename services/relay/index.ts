/** The relay's public entry point, for the embedded process. */
export { RelayConfig, relayOptions } from './relay-config.js';
export { createRelay, RELAY_CHECKPOINT } from './relay-service.js';
