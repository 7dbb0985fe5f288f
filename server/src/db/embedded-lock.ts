import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Another live process has the embedded database open; two writers would corrupt it. */
export class EmbeddedDatabaseLockedError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(`The embedded database in ${directory} is already open by process ${pid}.`);
    this.name = 'EmbeddedDatabaseLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite keeps no lock of its own, so two servers on one DATA_DIR would both write. A lock file
 * beside the data holds the owner's pid; a lock left by a process that died is taken over (and
 * so is our own pid, which a restarted container may reuse). Returns the release function.
 */
export function lockEmbeddedDatabase(directory: string): () => void {
  mkdirSync(directory, { recursive: true });
  const file = join(directory, 'pglite.lock');
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isSafeInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new EmbeddedDatabaseLockedError(directory, holder);
      }
      rmSync(file, { force: true });
    }
  }
}
