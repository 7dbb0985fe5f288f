import { main } from './main.ts';

/** Serves without building the web app (development: Vite serves the pages). */
await main();
