// The report worker from its TypeScript source (tests, `npm run dev`): a worker thread does not
// inherit the parent's tsx loader, so it registers tsx itself before loading the worker.
import { register } from 'tsx/esm/api';

register();
await import('./report-worker.ts');
