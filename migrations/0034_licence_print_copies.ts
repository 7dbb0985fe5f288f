import type { Kysely } from 'kysely';

/*
 * application_documents.print_content_encrypted: a copy of the licence photo sized for the printed
 * application, made from the same decode as the stored photo at upload and sealed like it. Chromium
 * decodes every image of a document afresh, and the stored photo's 2,400 px cost each PDF more than
 * the page shows (docs/operations/benchmarks.md#pdfs). Null for rows uploaded before this migration:
 * the PDF prints their stored photo as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('application_documents').addColumn('print_content_encrypted', 'bytea').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('application_documents').dropColumn('print_content_encrypted').execute();
}
