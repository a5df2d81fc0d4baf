/** The projector's public entry point: what the processes that serve reads wire up, and the replay the audit benchmark times. */
export { ViewConfig, viewOptions } from './projector-config.js';
export { createProjector } from './projector-service.js';
export { createRebuildableProjection } from './rebuildable-projection.js';
export { rebuildOnSignal } from './rebuild-status.js';
export { replayLogInParts } from './replay-in-parts.js';
export { replayIntoReadModel, type ReplayProgress } from './replay-read-model.js';
