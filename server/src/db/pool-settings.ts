export interface PoolSettings {
  /** Connections to PostgreSQL per process. More than a few per core only queue inside the database. */
  size: number;
  /** Waiting for a free connection, or for a new one to open. */
  connectMs: number;
  /** One statement, enforced by the server (statement_timeout) and, for a frozen server, by the client. */
  statementMs: number;
}

/** A stuck database answers 503 within a few seconds rather than holding requests open. */
export const DEFAULT_POOL_SETTINGS: PoolSettings = { size: 10, connectMs: 3000, statementMs: 5000 };
