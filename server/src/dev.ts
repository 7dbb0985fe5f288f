import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * `npm run dev`: the API on PORT (default 3000), restarted on change by tsx watch, and the Vite
 * dev server on 5173 with hot reload, proxying /api and /media to the API.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', '--exclude', 'web/**', 'server/src/start.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts', '--host', '127.0.0.1', '--port', '5173'], { cwd: root, stdio: 'inherit' }),
];

let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
