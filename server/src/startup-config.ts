import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, deepFreeze, VARIABLES, type Config, type ParsedConfig } from './config.ts';

/**
 * What parsing leaves open and starting fills in (docs/configuration.md): development secrets kept
 * in DATA_DIR, and the browser for PDFs. loadConfig only parses; this is the part that touches the disk.
 */

const CHROME_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Development secrets are generated once and kept in DATA_DIR so sessions survive restarts. */
function developmentSecret(dataDir: string, file: string, make: () => string): string {
  const path = join(dataDir, 'secrets', file);
  try {
    if (existsSync(path)) return readFileSync(path, 'utf8').trim();
    mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
    const value = make();
    writeFileSync(path, value + '\n', { mode: 0o600 });
    return value;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new ConfigError('DATA_DIR', `cannot write ${dataDir} (${code}); use a folder this user can write, or set the secrets yourself`);
  }
}

function chromePath(configured: string | undefined): string | undefined {
  if (configured === undefined) return CHROME_CANDIDATES.find((path) => existsSync(path));
  if (!existsSync(configured)) throw new ConfigError('CHROME_PATH', VARIABLES.CHROME_PATH.fix);
  return configured;
}

/** The configuration a server runs with; a configuration already prepared comes back unchanged in value. */
export function prepareConfig(parsed: ParsedConfig): Config {
  const { dataDir } = parsed.database;
  const { security } = parsed;
  return deepFreeze({
    ...parsed,
    security: {
      ...security,
      sessionSecret: security.sessionSecret ?? developmentSecret(dataDir, 'session-secret', () => randomBytes(48).toString('base64url')),
      dataEncryptionKey:
        security.dataEncryptionKey ?? developmentSecret(dataDir, 'data-encryption-key', () => randomBytes(32).toString('base64')),
    },
    pdf: { chromePath: chromePath(parsed.pdf.chromePath) },
  });
}
