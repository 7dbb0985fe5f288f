import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { quoteDeal, type DealCar } from '../domain/deals/deal-calculator.ts';
import type { DealInput } from '../domain/deals/deal-input.schema.ts';
import { exampleDealSettings } from '../domain/deals/deal-settings.ts';
import { loadConfig } from '../server/src/config.ts';
import { createRuntime } from '../server/src/runtime.ts';
import { prepareConfig } from '../server/src/startup-config.ts';

/**
 * npm run bench:deals — the deal calculator on its own (quotes a second, budget 50,000), then
 * 1,000 quotes over HTTP, one after another, from a server on 127.0.0.1 with the embedded database
 * and its demo inventory (p50 and p95, budget p95 20 ms): finance, lease and cash in turn, on cars of
 * every price (docs/operations/benchmarks.md#deals). The rate limit is lifted: every quote comes from one address.
 */

const CALCULATOR_QUOTES = 200_000;
const HTTP_QUOTES = 1_000;
const WARM_UP = 50;
const P95_BUDGET_MS = 20;
const QUOTES_PER_SECOND_BUDGET = 50_000;

const DEALS: readonly Omit<DealInput, 'zip'>[] = [
  { type: 'finance', tierId: 'good', cashDownCents: 200_000, termMonths: 60, milesPerYear: null, productIds: ['gap'], trade: null },
  {
    type: 'lease',
    tierId: 'excellent',
    cashDownCents: 100_000,
    termMonths: 36,
    milesPerYear: 12_000,
    productIds: ['gap', 'service-contract'],
    trade: null,
  },
  {
    type: 'cash',
    tierId: null,
    cashDownCents: 0,
    termMonths: null,
    milesPerYear: null,
    productIds: [],
    trade: { allowanceCents: 500_000, payoffCents: 200_000 },
  },
];
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
const load = () => `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
const verdict = (met: boolean) => (met ? 'within budget' : 'OVER BUDGET');

function benchCalculator(): boolean {
  const settings = exampleDealSettings('TX');
  const cars: DealCar[] = Array.from({ length: 100 }, (_, i) => ({
    id: String(i),
    make: 'Ford',
    stockNumber: 'B1',
    priceCents: 1_500_000 + i * 50_000,
    msrpCents: 1_700_000 + i * 50_000,
  }));
  let sink = 0;
  const started = performance.now();
  for (let i = 0; i < CALCULATOR_QUOTES; i++) {
    const outcome = quoteDeal(cars[i % cars.length]!, { ...DEALS[i % DEALS.length]!, zip: '75201' }, settings);
    if (outcome.ok) sink += outcome.quote.priceCents;
  }
  const perSecond = CALCULATOR_QUOTES / ((performance.now() - started) / 1000);
  const met = perSecond >= QUOTES_PER_SECOND_BUDGET && sink > 0;
  process.stdout.write(
    `Calculator: ${Math.round(perSecond).toLocaleString('en-US')} quotes a second over ${CALCULATOR_QUOTES.toLocaleString('en-US')} (budget ≥ ${QUOTES_PER_SECOND_BUDGET.toLocaleString('en-US')}): ${verdict(met)}. ${load()}.\n`,
  );
  return met;
}

async function benchHttp(): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-deals-'));
  const runtime = await createRuntime(
    prepareConfig(
      loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development', BOT_MODE: 'off', SEED_DEMO: 'true', RATE_LIMIT_MAX: '1000000' }),
    ),
  );
  try {
    const address = await runtime.app.listen({ host: '127.0.0.1', port: 0 });
    // New demo cars have an MSRP, so every kind of deal can be quoted on them.
    const carIds = (
      await runtime.db
        .selectFrom('cars')
        .select('uuid')
        .where('status', '=', 'available')
        .where('msrp', 'is not', null)
        .orderBy('price')
        .limit(50)
        .execute()
    ).map((car) => car.uuid);
    const quote = async (i: number) => {
      const body = JSON.stringify({ carId: carIds[i % carIds.length], deal: { ...DEALS[i % DEALS.length], zip: '75201' } });
      const started = performance.now();
      const res = await fetch(`${address}/api/deals/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      if (res.status !== 200) throw new Error(`A quote answered ${res.status}: ${Buffer.from(await res.arrayBuffer()).toString()}`);
      await res.arrayBuffer();
      return performance.now() - started;
    };
    for (let i = 0; i < WARM_UP; i++) await quote(i);
    const times: number[] = [];
    for (let i = 0; i < HTTP_QUOTES; i++) times.push(await quote(i));
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 0.95);
    const met = p95 <= P95_BUDGET_MS;
    process.stdout.write(
      `HTTP: ${HTTP_QUOTES.toLocaleString('en-US')} quotes on ${carIds.length} cars, p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget ${P95_BUDGET_MS} ms): ${verdict(met)}. ${load()}.\n`,
    );
    return met;
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const calculatorMet = benchCalculator();
const httpMet = await benchHttp();
process.exitCode = calculatorMet && httpMet ? 0 : 1;
