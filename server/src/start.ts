import { configOrExit, runServer } from './server-process.ts';

/**
 * The production server: serves the web app as built in web/dist, building nothing. Compiled to
 * dist/server/src/start.js and run by plain `node` (Docker, `npm start` after its build check).
 */
await runServer(configOrExit());
