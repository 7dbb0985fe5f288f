import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Room for PGlite to finish a checkpoint and start; a full disk has far less. */
const ROOM_BYTES = 1024 * 1024;

/**
 * PGlite reports a data folder it cannot write only as "Aborted()" or "PGlite failed to initialize
 * properly". When the embedded database will not open, a trial write beside it tells whether the
 * folder is read-only or full: that becomes the error (with the folder as its path, the original as
 * its cause), so the start-up line names the folder and the fix. Any other failure is kept as it was.
 */
export function explainEmbeddedFailure(error: unknown, directory: string): unknown {
  const probe = join(directory, '.room-check');
  try {
    writeFileSync(probe, Buffer.alloc(ROOM_BYTES));
    return error;
  } catch (writeError) {
    const code = (writeError as NodeJS.ErrnoException).code;
    return Object.assign(new Error(`The embedded database in ${directory} cannot be written (${code}).`, { cause: error }), {
      code,
      path: directory,
    });
  } finally {
    rmSync(probe, { force: true });
  }
}
