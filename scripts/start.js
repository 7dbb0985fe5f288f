// `npm start`: build what is stale (in child processes that finish first), then run the compiled
// server, so the tree is npm and one node process (two on Node before 22.15: see below).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ALLOCATOR_ENV } from './allocator-env.js';
import { buildProject } from './build-if-stale.js';

const SERVER = fileURLToPath(new URL('../dist/server/src/start.js', import.meta.url));

await buildProject();

// glibc reads its allocator settings (allocator-env.js) only when a process starts: a server started
// without them is started again with them.
const missing = Object.keys(ALLOCATOR_ENV).filter((name) => process.env[name] === undefined);
if (missing.length === 0) {
  await import(SERVER);
} else {
  // Values set by whoever started us win; only the missing ones are filled in.
  const env = { ...ALLOCATOR_ENV, ...process.env };
  const args = [...process.execArgv, SERVER];
  if (typeof process.execve === 'function') {
    // Node 22.15 and later: the server replaces this process (same pid, so signals reach it as they are).
    process.execve(process.execPath, [process.execPath, ...args], env);
  } else {
    // Older Node cannot replace itself: the server runs as our only child, which gets our signals
    // and whose exit (code or signal) becomes ours.
    const server = spawn(process.execPath, args, { env, stdio: 'inherit' });
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => server.kill(signal));
    server.on('exit', (code, signal) => {
      if (signal === null) process.exit(code ?? 1);
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    });
  }
}
