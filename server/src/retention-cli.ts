import { createDatabase, databaseTargetFor } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { runRetention } from './retention/retention.service.ts';
import { configOrExit } from './server-process.ts';

/**
 * npm run retention: one run of the retention job (docs/product/retention.md#privacy-and-retention), by hand,
 * all of it: drafts nobody saved and idle guests deleted, and the personal data due under
 * RETENTION_MONTHS erased. It says what it did.
 */
const config = configOrExit();
const db = createDatabase(databaseTargetFor(config.database));
try {
  await migrateToLatest(db);
  const { months } = config.personalDataRetention;
  const { expired, erasure } = await runRetention(db, { ...config.retention, months });
  if (erasure.lockedOut || expired.lockedOut) process.stdout.write('Another instance is running the job now; it does the rest.\n');
  process.stdout.write(
    `Deleted ${expired.drafts} draft(s) nobody saved for ${config.retention.draftDays} days and ${expired.guests} idle guest(s).\n`,
  );
  process.stdout.write(
    erasure.erased.length === 0
      ? `Nothing is due for erasure (personal data is kept ${months} months after a decision).\n`
      : `Erased the personal data of ${erasure.erased.length} application(s): ${erasure.erased.join(', ')}.\n`,
  );
} finally {
  await db.destroy();
}
