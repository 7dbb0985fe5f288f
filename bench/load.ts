import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { redisAnswers } from '../server/test/local-services.ts';
import { REALISTIC_MIX } from './load/traffic.ts';
import { runLoad, type LoadResult } from './load/run.ts';

/**
 * npm run bench:load — the whole product under a dealer's busiest hour, on PostgreSQL: `--clients`
 * (default 200) clients for `--seconds` (default 60) through a small round-robin proxy, first to one
 * server process, then to two on the same database. Shoppers browse the catalogue and car pages,
 * keep favourites, save drafts and submit applications with both licence photos; staff list users,
 * read applications and their trail, change statuses and download a PDF now and then; Telegram
 * posts /start to the webhook of each instance in turn. Prints p50/p99 per route, errors (any answer
 * a step did not expect; 503 pdf_busy and busy apart), CPU and memory per process, and what shows that
 * nothing lives in one process's memory: every webhook update answered once, every outbox event
 * delivered once, one rate-limit counter for both instances (through Redis).
 * Needs DATABASE_URL (a PostgreSQL server where this user may create a database; the bench makes
 * its own and drops it) and Redis (REDIS_URL, default redis://127.0.0.1:6379). Everything runs on 127.0.0.1.
 */

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: process.env.BENCH_CLIENTS ?? '200' },
    seconds: { type: 'string', default: process.env.BENCH_DURATION ?? '60' },
    processes: { type: 'string', default: process.env.BENCH_PROCESSES ?? '1,2' },
  },
});
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const topologies = values.processes.split(',').map(Number);
const postgresUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => (Number.isNaN(value) ? '–' : value < 10 ? value.toFixed(1) : value.toFixed(0));

function report(result: LoadResult) {
  const { options, routes, total, usage } = result;
  const lines = [
    '',
    `== ${options.processes} server process${options.processes === 1 ? '' : 'es'} behind the proxy: ${options.clients} clients, ${result.seconds.toFixed(0)} s ==`,
    `${'route'.padEnd(42)}${'requests'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}${'busy'.padStart(6)}`,
    ...[...routes, total].map(
      (r) =>
        `${r.route.padEnd(42)}${String(r.requests).padStart(9)}${ms(r.p50).padStart(9)}${ms(r.p99).padStart(9)}${String(r.errors).padStart(8)}${String(r.busy).padStart(6)}`,
    ),
    `throughput    ${(total.requests / result.seconds).toFixed(0)} requests/s; ${result.submitted} applications submitted (warm-up included)`,
    `errors        ${total.errors + result.warmUpErrors}${result.warmUpErrors ? ` (${result.warmUpErrors} in the warm-up)` : ''}; 503 pdf_busy or busy ${total.busy}`,
    ...result.errorSamples.map((sample) => `              ${sample}`),
    `server log    ${result.serverErrors.length === 0 ? 'no error or fatal lines' : `${result.serverErrors.length} error lines:`}`,
    ...result.serverErrors.map((line) => `              ${line}`),
    `CPU           ${Object.entries(usage.cpuSeconds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([group, cpu]) => `${group} ${cpu.toFixed(1)} s (${((100 * cpu) / usage.seconds).toFixed(0)}% of a core)`)
      .join(', ')}; machine ${(100 * usage.machineBusy).toFixed(0)}% busy (${availableParallelism()} cores)`,
    `memory        ${Object.entries(usage.rss)
      .filter(([group]) => group !== 'PostgreSQL backends' && group !== 'Redis')
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([group, { peak, last }]) => `${group} peak ${mb(peak)}, end ${mb(last)}`)
      .join('; ')} (RSS; Chromium: PSS over all its processes)`,
    `webhook       ${result.webhook.postedTo.reduce((a, b) => a + b, 0)} /start updates posted (${result.webhook.postedTo.map((n, i) => `${n} to instance ${i + 1}`).join(', ')}), ${result.webhook.accepted} answered 200, ${result.webhook.repliedOnce} replied to exactly once, ${result.webhook.duplicates} more than once`,
    `outbox        ${result.outbox.events} events (${result.outbox.submittedEvents} submissions, ${result.outbox.statusEvents} status changes): ${result.outbox.deliveredOnce} delivered exactly once, ${result.outbox.duplicated} more than once, ${result.outbox.missing} never; ${result.outbox.undelivered} still pending, ${result.outbox.failed} given up`,
    `rate limit    one address, ${result.rateLimit.answers.length} sign-in attempts to the instances in turn (strict limit ${result.rateLimit.strictMax}/min): ${result.rateLimit.answers.map((a) => `${a.status}@${a.instance + 1}`).join(' ')}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main() {
  if (!postgresUrl) {
    process.stdout.write(
      'bench:load needs PostgreSQL: set DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:load. Nothing measured.\n',
    );
    return;
  }
  if (!(await redisAnswers(redisUrl))) {
    process.stdout.write(
      `bench:load needs Redis for the shared rate limits: nothing answers at ${redisUrl} (set REDIS_URL). Nothing measured.\n`,
    );
    return;
  }
  process.stdout.write(
    `Load: ${clients} clients for ${seconds} s, on ${availableParallelism()} cores; PostgreSQL at ${new URL(postgresUrl).host}, Redis at ${new URL(redisUrl).host}\n`,
  );
  for (const processes of topologies) {
    const result = await runLoad(
      {
        processes,
        clients,
        seconds,
        postgresUrl,
        redisUrl,
        mix: REALISTIC_MIX,
        photoEdge: 2000,
        webhookEveryMs: 250,
        warmUpApplications: 20,
      },
      (line) => process.stdout.write(`  ${line}…\n`),
    );
    report(result);
  }
}

await main();
