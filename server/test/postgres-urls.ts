/** The same server as `url`, but the named database. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A connection to the server's maintenance database, for creating and dropping test databases. */
export const adminUrl = (url: string) => databaseUrl(url, 'postgres');
