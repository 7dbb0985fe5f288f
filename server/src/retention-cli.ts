import { createDatabase, databaseTargetFor } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { erasePersonalDataDue } from './retention/retention.service.ts';
import { configOrExit } from './server-process.ts';

/**
 * npm run retention: one pass of the daily retention job (docs/product.md#data-retention), by
 * hand. It erases what is due under RETENTION_MONTHS and says which applications it erased.
 */
const config = configOrExit();
const db = createDatabase(databaseTargetFor(config));
try {
  await migrateToLatest(db);
  const run = await erasePersonalDataDue(db, config.personalDataRetention.months);
  if (run.lockedOut) process.stdout.write('Another instance is running the retention job now; nothing more was erased.\n');
  process.stdout.write(
    run.erased.length === 0
      ? `Nothing is due for erasure (personal data is kept ${config.personalDataRetention.months} months after a decision).\n`
      : `Erased the personal data of ${run.erased.length} application(s): ${run.erased.join(', ')}.\n`,
  );
} finally {
  await db.destroy();
}
