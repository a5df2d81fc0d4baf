import { runProcess } from '../../shared/runtime/run-process.js';
import { embeddedProcess } from './embedded-process.js';

await runProcess(embeddedProcess);
