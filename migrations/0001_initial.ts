import { type Kysely, sql } from 'kysely';

/*
 * The whole first data model in one migration, so later features add
 * behaviour rather than churn the schema. Migrations never import application code: enum values
 * are written out here as they were on the day this migration was made.
 */

const LANGUAGES = sql`('en', 'uk', 'es', 'ru')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('telegram_id', 'bigint', (c) => c.unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('telegram', 'guest')`))
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('username', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('photo_url', 'text')
    .addColumn('language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(sql`language in ${LANGUAGES}`),
    )
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('tag', 'text')
    .addColumn('registered_at', 'timestamptz')
    .addColumn('last_active_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('users_telegram_has_id', sql`kind = 'guest' or telegram_id is not null`)
    .execute();
  for (const column of ['registered_at', 'last_active_at']) {
    await db.schema.createIndex(`users_${column}_idx`).on('users').columns([column, 'id']).execute();
  }
  for (const column of ['first_name', 'last_name', 'username', 'email']) {
    await db.schema
      .createIndex(`users_${column}_idx`)
      .on('users')
      .expression(sql`lower(${sql.ref(column)}), id`)
      .execute();
  }

  await db.schema
    .createTable('cars')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Byte-order collation: the catalogue sorts the same on every server, whatever its locale.
    .addColumn('brand', sql`text collate "C"`, (c) => c.notNull())
    .addColumn('model', sql`text collate "C"`, (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull().check(sql`year between 1950 and 2100`))
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('mileage', 'integer', (c) => c.notNull().check(sql`mileage >= 0`))
    .addColumn('condition', 'text', (c) => c.notNull().check(sql`condition in ('new', 'used')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('available')
        .check(sql`status in ('available', 'unavailable')`),
    )
    .addColumn('date_added', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('trim', 'text')
    .addColumn('body_style', 'text')
    .addColumn('exterior_color', 'text')
    .addColumn('interior_color', 'text')
    .addColumn('vin', 'text', (c) => c.unique().check(sql`vin ~ '^[A-HJ-NPR-Z0-9]{17}$'`))
    .addColumn('transmission', 'text')
    .addColumn('drivetrain', 'text')
    .addColumn('fuel_type', 'text')
    .addColumn('engine', 'text')
    .addColumn('mpg_city', 'integer', (c) => c.check(sql`mpg_city > 0`))
    .addColumn('mpg_highway', 'integer', (c) => c.check(sql`mpg_highway > 0`))
    .addColumn('features', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('description', 'text')
    .addColumn('photos', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();
  // Every list sort is "<column>, uuid" within a status, so each gets a matching index; brand and
  // model filters have their own. The uuid tie-breaker keeps paging stable.
  const sorts: Array<[string, string]> = [
    ['default', 'brand, model, year desc, uuid'],
    ['price', 'price, uuid'],
    ['year', 'year, uuid'],
    ['mileage', 'mileage, uuid'],
    ['date_added', 'date_added desc, uuid'],
  ];
  for (const [name, columns] of sorts) {
    await sql`create index ${sql.raw(`cars_status_${name}_idx`)} on cars (status, ${sql.raw(columns)})`.execute(db);
  }
  await sql`create index cars_brand_model_idx on cars (brand, model, status, price)`.execute(db);

  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('car_uuid', 'uuid', (c) => c.notNull().references('cars.uuid').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'car_uuid'])
    .execute();
  await db.schema.createIndex('favorites_car_idx').on('favorites').column('car_uuid').execute();

  await db.schema
    .createTable('car_views')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('car_uuid', 'uuid', (c) => c.notNull().references('cars.uuid').onDelete('cascade'))
    .addColumn('viewed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('car_views_user_idx').on('car_views').columns(['user_id', 'viewed_at']).execute();
  await db.schema.createIndex('car_views_car_idx').on('car_views').columns(['car_uuid', 'viewed_at']).execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('car_uuid', 'uuid', (c) => c.references('cars.uuid').onDelete('set null'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('in_review')
        .check(sql`status in ('in_review', 'approved', 'rejected')`),
    )
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('suffix', 'text', (c) => c.check(sql`suffix in ('Jr.', 'Sr.', 'II', 'III', 'IV')`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('ssn_encrypted', 'text')
    .addColumn('ssn_last4', 'text', (c) => c.check(sql`ssn_last4 ~ '^[0-9]{4}$'`))
    .addColumn('date_of_birth_encrypted', 'text')
    .addColumn('marital_status', 'text', (c) => c.notNull().check(sql`marital_status in ('Unmarried', 'Married')`))
    .addColumn('consent_given', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('housing_status', 'text', (c) =>
      c.notNull().check(sql`housing_status in ('Rent', 'OwnOutright', 'Mortgage', 'Family', 'Military', 'Other')`),
    )
    .addColumn('mortgage_or_rent_amount', 'numeric(12, 2)', (c) => c.check(sql`mortgage_or_rent_amount >= 0`))
    .addColumn('months_at_current_address', 'integer', (c) => c.notNull().check(sql`months_at_current_address >= 0`))
    .addColumn('address', 'jsonb', (c) => c.notNull())
    .addColumn('previous_address', 'jsonb')
    .addColumn('income', 'numeric(12, 2)', (c) => c.notNull().check(sql`income >= 1`))
    .addColumn('income_frequency', 'text', (c) => c.notNull().defaultTo('Monthly'))
    .addColumn('other_income_source', 'text')
    .addColumn('other_income_amount', 'numeric(12, 2)', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`other_income_amount >= 0`),
    )
    .addColumn('current_employment', 'jsonb', (c) => c.notNull())
    .addColumn('previous_employment', 'jsonb')
    .addColumn('dealer', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('applications_status_idx').on('applications').columns(['status', 'submitted_at']).execute();

  await db.schema
    .createTable('application_documents')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('front', 'back')`))
    .addColumn('mime', 'text', (c) =>
      c.notNull().check(sql`mime in ('image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf')`),
    )
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0`))
    .addColumn('sha256', 'text', (c) => c.notNull().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('content_encrypted', 'bytea', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('application_documents_side_key', ['application_id', 'side'])
    .execute();

  await db.schema
    .createTable('application_status_history')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('from_status', 'text', (c) => c.check(sql`from_status in ('in_review', 'approved', 'rejected')`))
    .addColumn('to_status', 'text', (c) => c.notNull().check(sql`to_status in ('in_review', 'approved', 'rejected')`))
    .addColumn('changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('application_status_history_app_idx')
    .on('application_status_history')
    .columns(['application_id', 'changed_at'])
    .execute();

  await db.schema
    .createTable('application_drafts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('payload_encrypted', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('application_consents')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('credit_check', 'privacy_notice', 'electronic_records', 'marketing_contact')`),
    )
    .addColumn('text_version', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('application_consents_kind_key', ['application_id', 'kind'])
    .execute();

  await db.schema
    .createTable('faqs')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('question', 'text', (c) => c.notNull().check(sql`length(question) between 1 and 500`))
    .addColumn('answer', 'text', (c) => c.notNull().check(sql`length(answer) between 1 and 5000`))
    .addColumn('url', 'text')
    .addColumn('lang', 'text', (c) => c.notNull().check(sql`lang in ${LANGUAGES}`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('faqs_lang_created_idx').on('faqs').columns(['lang', 'created_at', 'id']).execute();
  await db.schema.createIndex('faqs_created_idx').on('faqs').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('audit_events_entity_idx').on('audit_events').columns(['entity', 'entity_id', 'at']).execute();
  // Append-only: the database itself refuses to rewrite history.
  await sql`
    create function audit_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_events is append-only';
    end;
    $$`.execute(db);
  await sql`
    create trigger audit_events_no_change before update or delete on audit_events
    for each row execute function audit_events_append_only()`.execute(db);

  await db.schema
    .createTable('bot_threads')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('staff_chat_id', 'bigint', (c) => c.notNull())
    .addColumn('message_thread_id', 'integer', (c) => c.notNull())
    .addColumn('blocked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('bot_threads_topic_key', ['staff_chat_id', 'message_thread_id'])
    .execute();

  await db.schema
    .createTable('bot_relayed_messages')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_chat_id', 'bigint', (c) => c.notNull())
    .addColumn('user_message_id', 'integer', (c) => c.notNull())
    .addColumn('staff_chat_id', 'bigint', (c) => c.notNull())
    .addColumn('staff_message_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('bot_relayed_staff_key', ['staff_chat_id', 'staff_message_id'])
    .addUniqueConstraint('bot_relayed_user_key', ['user_chat_id', 'user_message_id'])
    .execute();

  await db.schema
    .createTable('login_tokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`token_hash ~ '^[0-9a-f]{64}$'`),
    )
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'login_tokens',
    'bot_relayed_messages',
    'bot_threads',
    'audit_events',
    'faqs',
    'application_consents',
    'application_drafts',
    'application_status_history',
    'application_documents',
    'applications',
    'car_views',
    'favorites',
    'cars',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop function audit_events_append_only()`.execute(db);
}
