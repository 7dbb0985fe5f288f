import { ConfigError, loadConfig, type Config, type ParsedConfig } from './config.ts';
import { prepareConfig } from './startup-config.ts';
import { createRuntime } from './runtime.ts';
import { describeStartupFailure } from './startup-failure.ts';

function fail(error: unknown, config?: ParsedConfig): never {
  process.stderr.write(`${describeStartupFailure(error, config)}\n`);
  if (config?.server.logLevel === 'debug' || config?.server.logLevel === 'trace') console.error(error);
  process.exit(1);
}

/** Loads configuration or stops the process with one line naming the variable and the fix. */
export function configOrExit(): ParsedConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error);
    throw error;
  }
}

/** Fills in what parsing leaves open (development secrets, the browser), or stops like a bad variable does. */
function startupConfig(parsed: ParsedConfig): Config {
  try {
    return prepareConfig(parsed);
  } catch (error) {
    fail(error, parsed);
  }
}

/** The one server process: build the runtime, listen, and shut down cleanly on SIGTERM/SIGINT. */
export async function runServer(parsed: ParsedConfig): Promise<void> {
  const config = startupConfig(parsed);
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
    await app.listen({ port: config.server.port, host: config.server.host });
  } catch (error) {
    await runtime.close();
    fail(error, config);
  }
  app.log.info(
    `${config.database.url ? 'PostgreSQL' : `embedded PGlite in ${config.database.dataDir}`}; open http://localhost:${config.server.port}`,
  );
  if (config.server.production && !config.database.url) {
    // PGlite runs every query on this process's event loop: fine for one person, not for a dealer's traffic.
    app.log.warn(
      'production on the embedded PGlite database: it serves queries one at a time on the event loop; set DATABASE_URL to a PostgreSQL server',
    );
  }
}
