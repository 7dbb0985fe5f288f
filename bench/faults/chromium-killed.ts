import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { createRuntime } from '../../server/src/runtime.ts';
import { seedDatabase } from '../../server/src/seed/seed.ts';
import { testConfig } from '../../server/test/app.ts';
import { submitTestApplication } from '../../server/test/applications.ts';
import { createTelegramUser, injectAs, type TestTelegramUser } from '../../server/test/identity.ts';
import { runIfMain, seconds, sleep, Tally, type Say } from './support.ts';

/**
 * Fault: Chromium is killed while it prints a PDF. The browser is first frozen (SIGSTOP), so the
 * requests are surely inside it when it dies, then killed (SIGKILL), as the kernel's OOM killer would.
 *
 * Shows: those requests answer 503 pdf_unavailable (no 500, no hang); the next PDF works on a new
 * browser; the dead browser leaves no process behind, and exactly one browser process runs again.
 */

const ADMIN: TestTelegramUser = { id: 8_700_001, first_name: 'Fault', last_name: 'Admin' };
const APPLICANT: TestTelegramUser = { id: 8_700_002, first_name: 'Mary', last_name: 'Major' };

const FROZEN_MS = 1000;

export interface ChromiumFaultOptions {
  /** PDF requests inside the browser when it dies. */
  inFlight?: number;
}

export interface ChromiumFaultReport {
  killed: Tally;
  killedAnsweredMs: number;
  next: number;
  nextMs: number;
  launches: number;
  /** Processes of the killed browser still running a while after the kill. */
  leftBehind: number;
  /** Browser (not renderer or helper) processes of the new one. */
  browsersNow: number;
}

interface Proc {
  pid: number;
  ppid: number;
  /** Clock ticks after boot: with the pid, names one process even if the pid is reused. */
  started: string;
  /** A browser Puppeteer started (it talks to it over a pipe), not one of its helpers. */
  browser: boolean;
}

/** Every live process (zombies left out), read from /proc. Linux only. */
function processes(): Proc[] {
  const found: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses; the fields after its last ")" do not.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      found.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        started: fields[19]!,
        browser: args.includes('--remote-debugging-pipe') && !args.some((arg) => arg.startsWith('--type=')),
      });
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

/** A process and all its descendants. */
function tree(root: number, all = processes()): Proc[] {
  const members = all.filter((proc) => proc.pid === root);
  for (let grew = true; grew;) {
    const next = all.filter((proc) => !members.includes(proc) && members.some((member) => member.pid === proc.ppid));
    members.push(...next);
    grew = next.length > 0;
  }
  return members;
}

const stillRunning = (members: Proc[]) => {
  const now = processes();
  return members.filter((member) => now.some((proc) => proc.pid === member.pid && proc.started === member.started)).length;
};

export async function chromiumKilledFault(say: Say, { inFlight = 2 }: ChromiumFaultOptions = {}): Promise<ChromiumFaultReport> {
  const db = createDatabase({ kind: 'pglite' });
  await migrateToLatest(db);
  await seedDatabase(db, { cars: 1 });
  const runtime = await createRuntime(testConfig({ CHROME_PATH: process.env.CHROME_PATH }), {
    db,
    logger: false,
    webDist: join(tmpdir(), 'no-web-build'),
  });
  const { app } = runtime;
  try {
    await createTelegramUser(db, ADMIN.id, { is_admin: true, first_name: 'Fault', last_name: 'Admin' });
    const applicant = await createTelegramUser(db, APPLICANT.id, { first_name: 'Mary', last_name: 'Major' });
    const { id } = await submitTestApplication(app, APPLICANT, applicant.id);
    const pdf = async () => {
      const started = Date.now();
      const res = await injectAs(app, ADMIN, { method: 'GET', url: `/api/applications/${id}/pdf` });
      return {
        res,
        ms: Date.now() - started,
        key: res.statusCode === 200 ? '200' : `${res.statusCode} ${res.json<{ error: { code: string } }>().error.code}`,
      };
    };
    const warm = await pdf();
    const browser = await app.pdf.browser();
    const pid = browser.process()!.pid!;
    const doomed = tree(pid);
    say(`A warm renderer (first PDF ${warm.key} in ${seconds(warm.ms)}); Chromium ${pid} runs ${doomed.length} processes.`);

    process.kill(pid, 'SIGSTOP');
    const started = Date.now();
    const requests = Promise.all(Array.from({ length: inFlight }, pdf));
    // The database reads before printing take milliseconds; then every request waits on the frozen
    // browser. On a loaded machine one may not be there yet: it gets its PDF from the next browser.
    await sleep(FROZEN_MS);
    process.kill(pid, 'SIGKILL');
    const killed = new Tally();
    for (const answer of await requests) killed.add(answer.key);
    const killedAnsweredMs = Date.now() - started - FROZEN_MS;
    say(`Killed Chromium with ${inFlight} PDFs inside it: ${killed.summary()}, all answered ${seconds(killedAnsweredMs)} after the kill.`);

    const next = await pdf();
    say(`The next PDF: ${next.key} in ${seconds(next.ms)} (a new browser; ${app.pdf.launches} launches in all).`);

    // Its helpers notice their parent is gone and end by themselves, within moments.
    let leftBehind = stillRunning(doomed);
    for (const deadline = Date.now() + 5000; leftBehind > 0 && Date.now() < deadline; leftBehind = stillRunning(doomed)) await sleep(100);
    // Puppeteer starts each browser as a child of this process; its helpers are the browser's children.
    const browsersNow = processes().filter((proc) => proc.ppid === process.pid && proc.browser).length;
    const helpers = tree((await app.pdf.browser()).process()!.pid!).length - 1;
    say(
      `Processes of the killed browser left: ${leftBehind} of ${doomed.length}; browser processes now: ${browsersNow} (with ${helpers} helpers).`,
    );
    return { killed, killedAnsweredMs, next: next.res.statusCode, nextMs: next.ms, launches: app.pdf.launches, leftBehind, browsersNow };
  } finally {
    await runtime.close();
    await db.destroy();
  }
}

runIfMain(import.meta.url, async (say) => {
  if (!testConfig({ CHROME_PATH: process.env.CHROME_PATH }).pdf.chromePath)
    return say('Skipped the Chromium fault: no Chromium (install it, or set CHROME_PATH).');
  await chromiumKilledFault(say, { inFlight: 2 });
});
