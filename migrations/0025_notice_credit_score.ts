import { type Kysely, sql } from 'kysely';

/*
 * The credit score a rejection used (FCRA §615(a)(1) as amended by Dodd-Frank): the score, the range
 * of possible scores, the day it was created and its key factors, beside the consumer reporting
 * agency of credit_report (0018) that supplied it. A score never comes without that agency, lies
 * within its range, and has one to five key factors (the fifth only for the number of inquiries,
 * which domain/adverse-action.ts checks).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('adverse_action_notices')
    .addColumn('credit_score', 'jsonb', (c) =>
      c.check(sql`credit_score is null or (
        jsonb_typeof(credit_score) = 'object'
        and jsonb_typeof(credit_score -> 'score') = 'number'
        and jsonb_typeof(credit_score -> 'min') = 'number'
        and jsonb_typeof(credit_score -> 'max') = 'number'
        and (credit_score ->> 'min')::numeric < (credit_score ->> 'max')::numeric
        and (credit_score ->> 'score')::numeric between (credit_score ->> 'min')::numeric and (credit_score ->> 'max')::numeric
        and (credit_score ->> 'createdOn') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
        and jsonb_typeof(credit_score -> 'keyFactors') = 'array'
        and jsonb_array_length(credit_score -> 'keyFactors') between 1 and 5
      )`),
    )
    .execute();
  await db.schema
    .alterTable('adverse_action_notices')
    .addCheckConstraint('adverse_action_notices_score_agency_check', sql`credit_score is null or credit_report is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('adverse_action_notices').dropConstraint('adverse_action_notices_score_agency_check').execute();
  await db.schema.alterTable('adverse_action_notices').dropColumn('credit_score').execute();
}
