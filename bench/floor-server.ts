import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import * as v from 'valibot';
import { carListQuerySchema } from '../domain/cars.ts';
import { toPaged } from '../domain/contracts/paged.ts';
import { carListQueries, toCarCard } from '../server/src/cars/cars.repository.ts';
import { createCountCache } from '../server/src/cars/count-cache.ts';
import { PATHS } from './cars-mix.ts';

/**
 * The floor that GET /api/cars is measured against (docs/operations/benchmarks.md#catalogue): bare node:http
 * and pg, the API's pool size, its statements for each benchmark path (bound once at start), its
 * memo of totals and its JSON. What the API costs above this is framework and application work.
 * Started by bench/cars.ts with DATABASE_URL, FLOOR_POOL_SIZE (the API's DATABASE_POOL_SIZE) and PORT.
 */

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.FLOOR_POOL_SIZE) });
const counts = createCountCache();

const statements = new Map(
  PATHS.map((path) => {
    const query = v.parse(carListQuerySchema, Object.fromEntries(new URL(path, 'http://floor').searchParams));
    return [path, { query, ...carListQueries(query, null) }];
  }),
);

const countRows = async (sql: string, parameters: readonly unknown[]) =>
  Number((await pool.query<{ total: number | string }>(sql, [...parameters])).rows[0]!.total);

async function answer(req: IncomingMessage, res: ServerResponse) {
  const statement = statements.get(req.url ?? '');
  if (!statement) {
    res.writeHead(404).end();
    return;
  }
  const { query, page, count, countKey } = statement;
  try {
    const [{ rows }, total] = await Promise.all([
      pool.query(page.sql, [...page.parameters]),
      counts.get(countKey, () => countRows(count.sql, count.parameters)),
    ]);
    const { page: pageNumber, limit } = query;
    const body = JSON.stringify(toPaged(rows.map(toCarCard), total, pageNumber, limit));
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
  } catch (error) {
    process.stderr.write(`floor: ${String(error)}\n`);
    res.writeHead(500).end();
  }
}

createServer((req, res) => void answer(req, res)).listen(Number(process.env.PORT), '127.0.0.1');
