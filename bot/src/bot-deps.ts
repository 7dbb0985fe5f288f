import type { Config } from '../../server/src/config.ts';
import type { Db } from '../../server/src/db/database.ts';
import type { Catalogues } from '../../server/src/i18n/catalogues.ts';

/** Structured log lines (the server's pino logger fits). Never pass message text or personal data. */
export interface BotLog {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What the bot is built from; it holds no state of its own beyond these (no globals). */
export interface BotDeps {
  config: Config;
  db: Db;
  catalogues: Catalogues;
  log: BotLog;
}
