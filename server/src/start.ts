import './v8-flags.ts';
import { configOrExit, runServer } from './server-process.ts';

/**
 * The server process: serves the web app as built in web/dist, building nothing. Compiled to
 * dist/server/src/start.js and run by plain `node` in production (Docker, `npm start` after its
 * build check); run from its sources by tsx in development (`npm run dev`, the benchmark, tests).
 */
await runServer(configOrExit());
