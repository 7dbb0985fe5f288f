import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { adminUrl, databaseUrl } from './postgres-urls.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string | null;
  }
}

/**
 * With TEST_DATABASE_URL, migrate one template database once; every test file then gets its own
 * copy (CREATE DATABASE … TEMPLATE), dropped when the file finishes.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('postgresTemplate', null);
    return;
  }
  const template = `cartest_template_${process.pid}`;
  const admin = createDatabase({ kind: 'postgres', url: adminUrl(url) });
  const { sql } = await import('kysely');
  await sql`drop database if exists ${sql.id(template)}`.execute(admin);
  await sql`create database ${sql.id(template)}`.execute(admin);
  const db = createDatabase({ kind: 'postgres', url: databaseUrl(url, template) });
  await migrateToLatest(db);
  await db.destroy();
  project.provide('postgresTemplate', template);

  return async () => {
    await sql`drop database if exists ${sql.id(template)} with (force)`.execute(admin);
    await admin.destroy();
  };
}
