import { type Kysely, sql } from 'kysely';

/*
 * Staff sessions kept by the server, and passkeys as the staff's second factor on the web
 * (docs/decisions/010-staff-sessions-and-passkeys.md).
 *
 * staff_sessions: one row per signed-in browser. The cookie holds a random 256-bit id; the row
 * holds only its SHA-256, so reading the table yields no cookie that works. A row ends at
 * expires_at (12 hours after sign-in) or when last_seen_at is 30 minutes old, and is deleted on
 * sign-out, "sign out everywhere", a revoked admin right or the next sign-in's cleanup.
 * passkey_verified_at marks a session in which a passkey was checked. The pending WebAuthn
 * challenge lives on the session it was issued to, so it cannot be used from another browser,
 * and is cleared when used.
 *
 * staff_passkeys: the WebAuthn credentials staff registered (public keys only; the private key
 * never leaves the authenticator).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey().check(sql`id_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('link', 'widget', 'dev')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('passkey_verified_at', 'timestamptz')
    .addColumn('challenge', 'text', (c) => c.check(sql`challenge ~ '^[A-Za-z0-9_-]{43}$'`))
    .addColumn('challenge_purpose', 'text', (c) => c.check(sql`challenge_purpose in ('registration', 'authentication')`))
    .addColumn('challenge_expires_at', 'timestamptz')
    .addCheckConstraint(
      'staff_sessions_challenge_whole',
      sql`(challenge is null) = (challenge_purpose is null) and (challenge is null) = (challenge_expires_at is null)`,
    )
    .execute();
  await db.schema.createIndex('staff_sessions_user_idx').on('staff_sessions').column('user_id').execute();

  await db.schema
    .createTable('staff_passkeys')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`credential_id ~ '^[A-Za-z0-9_-]+$' and length(credential_id) between 16 and 1366`),
    )
    .addColumn('public_key', 'bytea', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`counter >= 0`),
    )
    .addColumn('transports', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 64`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('staff_passkeys_user_idx').on('staff_passkeys').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_passkeys').execute();
  await db.schema.dropTable('staff_sessions').execute();
}
