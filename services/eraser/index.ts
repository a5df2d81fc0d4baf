/** The eraser's public entry point, for the processes that run it beside their own service. */
export { createEraser } from './eraser-service.js';
