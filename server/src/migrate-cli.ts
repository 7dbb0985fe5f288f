import { createDatabase, databaseTargetFor } from './db/database.ts';
import { migrateAllDown, migrateToLatest } from './db/migrate.ts';
import { configOrExit } from './server-process.ts';

/** npm run db:migrate [-- --down]: applies pending migrations, or reverts them all. */
const config = configOrExit();
const db = createDatabase(databaseTargetFor(config.database));
try {
  const down = process.argv.includes('--down');
  const names = down ? await migrateAllDown(db) : await migrateToLatest(db);
  process.stdout.write(
    names.length ? `${down ? 'Reverted' : 'Applied'}: ${names.join(', ')}\n` : 'Nothing to do: the schema is up to date.\n',
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
