// `npm start`: build what is stale (in child processes that finish first), then run the compiled
// server inside this very process, so the tree is npm and one node process.
import { buildProject } from './build-if-stale.js';

await buildProject();
await import('../dist/server/src/start.js');
