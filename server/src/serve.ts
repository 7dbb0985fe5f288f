import { configOrExit, runServer } from './server-process.ts';

/** Serves without building the web app (development: Vite serves the pages). */
await runServer(configOrExit());
