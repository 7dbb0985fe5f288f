import { ConfigError, type ParsedConfig } from './config.ts';
import { EmbeddedDatabaseLockedError } from './db/embedded-lock.ts';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './db/unavailable.ts';

type Failure = Error & { code?: unknown; path?: unknown; address?: unknown; port?: unknown };

function* causes(error: unknown): Generator<Failure> {
  for (let current = error; current instanceof Error; current = current.cause) yield current;
}

/** Where DATABASE_URL points, without the password. */
function databaseTarget(url: string | undefined): { where: string; name: string; user: string } {
  try {
    const parsed = new URL(url ?? '');
    return {
      where: `${parsed.hostname}:${parsed.port || 5432}`,
      name: decodeURIComponent(parsed.pathname.slice(1)),
      user: decodeURIComponent(parsed.username),
    };
  } catch {
    return { where: 'DATABASE_URL', name: '', user: '' };
  }
}

/**
 * One line for a failure to start: what went wrong and what to do about it. A person starting
 * the server reads this, not a stack trace.
 */
export function describeStartupFailure(
  error: unknown,
  config:
    { database: Pick<ParsedConfig['database'], 'url' | 'dataDir'>; server: Pick<ParsedConfig['server'], 'port' | 'host'> } | undefined,
): string {
  for (const cause of causes(error)) {
    if (cause instanceof ConfigError) return `Configuration error: ${cause.message}`;
    if (cause instanceof EmbeddedDatabaseLockedError) {
      return `The embedded database in ${cause.directory} is already open by process ${cause.pid}: stop that server first, or give this one another DATA_DIR.`;
    }
    const code = typeof cause.code === 'string' ? cause.code : '';
    const database = databaseTarget(config?.database.url);
    if (code === '3D000')
      return `PostgreSQL at ${database.where} has no database "${database.name}": create it (createdb ${database.name}) or fix DATABASE_URL.`;
    if (code === '28P01' || code === '28000')
      return `PostgreSQL at ${database.where} refused the user "${database.user}": fix the user or password in DATABASE_URL.`;
    if (code === 'EADDRINUSE')
      return `Port ${config?.server.port} on ${config?.server.host} is already in use: stop the other server, or set PORT to a free port.`;
    if (code === 'EACCES' && cause.port !== undefined)
      return `Not allowed to listen on port ${config?.server.port}: use a port above 1023, or set PORT.`;
    const path = typeof cause.path === 'string' ? cause.path : config?.database.dataDir;
    if (code === 'EEXIST' || code === 'ENOTDIR') return `${path} is not a folder: set DATA_DIR to a folder this user can write.`;
    if (['EACCES', 'EPERM', 'EROFS', 'ENOSPC'].includes(code)) {
      return `Cannot write ${path} (${code}): set DATA_DIR to a folder this user can write, with free space.`;
    }
    if (config?.database.url && isDatabaseUnavailable(cause)) {
      const reason = cause instanceof DatabaseUnavailableError ? cause.reason : code || cause.message;
      return `Cannot reach PostgreSQL at ${database.where} (${reason}): start it, or fix DATABASE_URL.`;
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return `Could not start: ${message.split('\n')[0]} (set LOG_LEVEL=debug to see the details).`;
}
