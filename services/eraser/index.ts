/** The eraser's public entry point, for the processes that run it beside their own service. */
export { createEraser, ERASER_CHECKPOINT } from './eraser-service.js';
