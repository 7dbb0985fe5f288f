/** The server from its sources under tsx: `npm run dev` (tsx watch) and the benchmark start it by this name. */
import './start.ts';
