import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { licencePhoto, solidImage, submissionBody } from '../../server/test/applications.ts';
import { createTelegramUser, tmaHeaders, type TestTelegramUser } from '../../server/test/identity.ts';
import { postgresServerUrl, runIfMain, seconds, serverEnv, startServer, Tally, throwawayPostgres, type Say } from './support.ts';

/**
 * Fault: the server process is killed (SIGKILL: no shutdown, no flush) while applicants submit.
 * A real server process on a throwaway PostgreSQL database; every applicant has uploaded both
 * licence photos, then all submit at once and the process dies as the first answer arrives.
 *
 * Shows: no application is half-written (each has both photos, its consents, its first status, its
 * outbox event); after a restart the same Idempotency-Key replays an acknowledged submission
 * (201, Idempotent-Replayed, the same id) and completes an unacknowledged one; one application each.
 */

export interface SigkillFaultOptions {
  applicants?: number;
}

export interface SigkillFaultReport {
  acknowledged: number;
  cut: number;
  /** Applications in the database after the kill, and those missing a part. */
  stored: number;
  halfWritten: number;
  retried: Tally;
  /** Acknowledged submissions whose retry answered another id, or no Idempotent-Replayed. */
  badReplays: number;
  /** Applicants without exactly one application at the end. */
  notExactlyOne: number;
}

interface Applicant {
  who: TestTelegramUser;
  key: string;
  body: unknown;
  acknowledgedId?: number;
}

export async function sigkillSubmissionsFault(
  say: Say,
  serverUrl: string,
  { applicants = 12 }: SigkillFaultOptions = {},
): Promise<SigkillFaultReport> {
  const database = await throwawayPostgres(serverUrl, 'faults_sigkill');
  const env = serverEnv({ DATABASE_URL: database.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'faults-sigkill-')) });
  try {
    let server = await startServer(env);
    const photo = (side: 'front' | 'back') =>
      solidImage(320, 200, side === 'front' ? '#336699' : '#996633')
        .jpeg()
        .toBuffer();
    const people: Applicant[] = [];
    for (let i = 0; i < applicants; i++) {
      const who = { id: 8_800_000 + i, first_name: 'Mary', last_name: `Major ${i}` };
      const user = await createTelegramUser(database.db, who.id, { first_name: who.first_name, last_name: who.last_name });
      const ids: Record<string, number> = {};
      for (const side of ['front', 'back'] as const) {
        const { payload, headers } = licencePhoto(await photo(side), { side });
        const res = await fetch(`${server.origin}/api/applications/documents`, {
          method: 'POST',
          headers: { ...headers, ...tmaHeaders(who) },
          body: payload,
        });
        if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
        ids[side] = ((await res.json()) as { id: number }).id;
      }
      people.push({ who, key: randomUUID(), body: submissionBody(user.id, { front: ids.front!, back: ids.back! }) });
    }
    say(`A server process on a throwaway PostgreSQL database; ${applicants} applicants with both photos uploaded submit at once.`);

    const submit = (origin: string, person: Applicant) =>
      fetch(`${origin}/api/applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': person.key, ...tmaHeaders(person.who) },
        body: JSON.stringify(person.body),
      });
    const started = Date.now();
    let killedAt = 0;
    await Promise.all(
      people.map(async (person) => {
        const res = await submit(server.origin, person).catch(() => undefined);
        if (res?.status === 201) {
          person.acknowledgedId = ((await res.json()) as { id: number }).id;
          if (!killedAt) {
            killedAt = Date.now();
            server.child.kill('SIGKILL');
          }
        }
      }),
    );
    await server.exited;
    const acknowledged = people.filter((person) => person.acknowledgedId !== undefined).length;
    say(
      `SIGKILL ${seconds(killedAt - started)} after the submissions began, at the first 201: ${acknowledged} acknowledged, ${applicants - acknowledged} cut off.`,
    );

    const rows = await sql<{ id: number; documents: number; consents: number; history: number; outbox: number }>`
      select a.id,
        (select count(*)::int from application_documents d where d.application_id = a.id) as documents,
        (select count(*)::int from application_consents c where c.application_id = a.id) as consents,
        (select count(*)::int from application_status_history h where h.application_id = a.id) as history,
        (select count(*)::int from outbox_events o where o.kind = 'application.submitted' and (o.payload->>'applicationId')::int = a.id) as outbox
      from applications a`.execute(database.db);
    const halfWritten = rows.rows.filter((row) => row.documents !== 2 || row.consents < 1 || row.history !== 1 || row.outbox !== 1).length;
    say(`In the database after the kill: ${rows.rows.length} applications, ${halfWritten} half-written.`);

    const restarting = Date.now();
    server = await startServer(env);
    say(`Restarted in ${seconds(Date.now() - restarting)}; every applicant retries with the same Idempotency-Key and body.`);
    const retried = new Tally();
    let badReplays = 0;
    for (const person of people) {
      const res = await submit(server.origin, person);
      const replayed = res.headers.get('idempotent-replayed') === 'true';
      const body = (await res.json()) as { id?: number; error?: { code: string } };
      retried.add(res.status === 201 ? `201${replayed ? ' replayed' : ' new'}` : `${res.status} ${body.error?.code}`);
      if (person.acknowledgedId !== undefined && (res.status !== 201 || !replayed || body.id !== person.acknowledgedId)) badReplays += 1;
    }
    const counts = await sql<{ n: number }>`select count(*)::int as n from applications group by user_id`.execute(database.db);
    const notExactlyOne = applicants - counts.rows.filter((row) => row.n === 1).length;
    await server.stop('SIGTERM');
    say(
      `Retries: ${retried.summary()}; acknowledged ones not replayed as the same application: ${badReplays}; applicants without exactly one application: ${notExactlyOne}.`,
    );
    return { acknowledged, cut: applicants - acknowledged, stored: rows.rows.length, halfWritten, retried, badReplays, notExactlyOne };
  } finally {
    await database.drop();
  }
}

runIfMain(import.meta.url, async (say) => {
  const url = postgresServerUrl();
  if (!url) return say('Skipped the SIGKILL fault: set DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server.');
  await sigkillSubmissionsFault(say, url, { applicants: 40 });
});
