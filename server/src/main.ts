import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDatabase, databaseTargetFor, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDatabase } from './seed/seed.ts';
import { promoteConfiguredAdmins } from './users/configured-admins.ts';

/** Loads configuration or stops the process with one line naming the variable and the fix. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: Config): Promise<Db> {
  const db = createDatabase(databaseTargetFor(config));
  await migrateToLatest(db);
  return db;
}

/** The entry point: listen, serve, and shut down cleanly on SIGTERM/SIGINT. */
export async function main(config: Config = configOrExit()): Promise<void> {
  const db = await openDatabase(config);
  await promoteConfiguredAdmins(db, config.adminTelegramIds);
  const seeded = await seedDatabase(db);
  const app = await buildApp({ config, db });
  if (!seeded.skipped) app.log.info({ cars: seeded.cars, faqs: seeded.faqs }, 'seeded an empty database with demo data');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.production && !config.databaseUrl) {
    // PGlite runs every query on this process's event loop: fine for one person, not for a dealer's traffic.
    app.log.warn('production on the embedded PGlite database: it serves queries one at a time on the event loop; set DATABASE_URL to a PostgreSQL server');
  }
  app.log.info(`${config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`}; open http://localhost:${config.port}`);
}
