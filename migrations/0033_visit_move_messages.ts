import { type Kysely, sql } from 'kysely';

/*
 * visit_messages_sent.event_id: a move is told once per move, not once per start. A visit moved back
 * to a time it was moved to before (A → B → A → B) is moved again, and its shopper's calendar has to
 * follow; so a move's claim names the outbox event that carries it, and a replay of that event still
 * finds it taken. Every other message (the confirmation, the reminders, the cancellation, the car
 * gone) stays once per start, with event_id 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('visit_messages_sent')
    .addColumn('event_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('visit_messages_sent').dropConstraint('visit_messages_sent_pkey').execute();
  await db.schema
    .alterTable('visit_messages_sent')
    .addPrimaryKeyConstraint('visit_messages_sent_pkey', ['visit_id', 'message', 'starts_at', 'event_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to one claim per start: of the moves to one start, the first is kept.
  await sql`delete from visit_messages_sent later using visit_messages_sent earlier
    where later.visit_id = earlier.visit_id and later.message = earlier.message
      and later.starts_at = earlier.starts_at and later.event_id > earlier.event_id`.execute(db);
  await db.schema.alterTable('visit_messages_sent').dropConstraint('visit_messages_sent_pkey').execute();
  await db.schema.alterTable('visit_messages_sent').dropColumn('event_id').execute();
  await db.schema
    .alterTable('visit_messages_sent')
    .addPrimaryKeyConstraint('visit_messages_sent_pkey', ['visit_id', 'message', 'starts_at'])
    .execute();
}
