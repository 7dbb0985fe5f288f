import { ConfigError, loadConfig, type Config } from './config.ts';
import { createRuntime } from './runtime.ts';
import { describeStartupFailure } from './startup-failure.ts';

function fail(error: unknown, config?: Config): never {
  process.stderr.write(`${describeStartupFailure(error, config)}\n`);
  if (config?.logLevel === 'debug' || config?.logLevel === 'trace') console.error(error);
  process.exit(1);
}

/** Loads configuration or stops the process with one line naming the variable and the fix. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error);
    throw error;
  }
}

/** The one server process: build the runtime, listen, and shut down cleanly on SIGTERM/SIGINT. */
export async function runServer(config: Config): Promise<void> {
  const runtime = await createRuntime(config).catch((error: unknown) => fail(error, config));
  const { app } = runtime;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await runtime.close();
    fail(error, config);
  }
  app.log.info(`${config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`}; open http://localhost:${config.port}`);
  if (config.production && !config.databaseUrl) {
    // PGlite runs every query on this process's event loop: fine for one person, not for a dealer's traffic.
    app.log.warn(
      'production on the embedded PGlite database: it serves queries one at a time on the event loop; set DATABASE_URL to a PostgreSQL server',
    );
  }
}
