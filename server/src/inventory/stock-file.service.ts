import type { ImportMode, ImportProblem, ImportReport, ImportRowResult } from '../../../domain/contracts/inventory-import.ts';
import type { InventoryCar } from '../../../domain/contracts/inventory.ts';
import type { CarWrite, CarWriteField } from '../../../domain/inventory.schema.ts';
import { carTitle } from '../../../domain/cars.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { enqueueOutboxEvents } from '../outbox/outbox.repository.ts';
import { addPendingPhotoFetches } from './photo-fetches.repository.ts';
import { PHOTO_URLS_PER_CAR } from './photo-fetch.consumer.ts';
import { CAR_WRITE_FIELDS, toInventoryCar } from './inventory.repository.ts';
import { createCars, updateCar } from './inventory.service.ts';
import { allCarPhotoUrls, allCarRows } from './stock-file.repository.ts';
import {
  columnOfField,
  importProblem,
  readStockFile,
  rowInput,
  rowStockNumber,
  rowVin,
  validateRow,
  writeStockFile,
  type RowInput,
  type StockFile,
} from './stock-file.ts';

/**
 * Stock-file import and export (docs/product/catalogue.md#catalogue). A dry run and a commit plan the same
 * way: each row is matched to a car by VIN (else stock number), run through the one write schema
 * as the car would be after it, and found created, updated, unchanged or refused. A commit then
 * writes the plan in one transaction through the inventory service (createCars in batches,
 * updateCar), which audits each car it changes; the import adds one audit row with its counts.
 */

interface PlannedRow {
  result: ImportRowResult;
  /** A new car to create (outcome created). */
  create?: CarWrite;
  /** The changed fields of an existing car (outcome updated). */
  update?: { car: InventoryCar; fields: Partial<CarWrite> };
  photoUrls: string[];
}

export interface ImportPlan {
  rows: PlannedRow[];
  /** Available cars the file does not name, when sync is asked for. */
  markSold: InventoryCar[];
}

const NO_COUNTS = { views: 0, favorites: 0, applications: 0 };
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** "2019 Honda Accord EX" from a car, or from a row's cells as far as they go; null when a row names no make and model. */
const title = (car: Partial<Record<'year' | 'brand' | 'model' | 'trim', unknown>>) => {
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
  const parts = { year: text(car.year), brand: text(car.brand), model: text(car.model), trim: text(car.trim) };
  return parts.brand === '' || parts.model === '' ? null : carTitle(parts);
};

/** Rows that share a value with another row, each naming the others. */
function duplicates(rows: Array<{ row: number; value: string | null }>): Map<number, number[]> {
  const byValue = new Map<string, number[]>();
  for (const { row, value } of rows) if (value !== null) byValue.set(value, [...(byValue.get(value) ?? []), row]);
  const others = new Map<number, number[]>();
  for (const shared of byValue.values())
    if (shared.length > 1)
      for (const row of shared)
        others.set(
          row,
          shared.filter((r) => r !== row),
        );
  return others;
}

/**
 * Every problem of a row, as docs/product/inventory.md#stock-files promises: the file's (a VIN on two rows, a stock number of
 * another car) and the write schema's, but not the schema's word on a cell already found unreadable
 * (a Type of "Demo" is not also "Condition must be new or used").
 */
function everyProblem(input: RowInput, found: ImportProblem[], schema: ImportProblem[]): ImportProblem[] {
  const unreadable = new Set(input.problems.map((problem) => problem.column).filter((column) => column !== null));
  return [...found, ...schema.filter((problem) => problem.column === null || !unreadable.has(problem.column))];
}

/** What each row of the file does to the inventory as it is now; nothing is written. */
export function planImport(file: StockFile, existing: readonly InventoryCar[], sync: boolean): ImportPlan {
  const byVin = new Map(existing.filter((car) => car.vin !== '').map((car) => [car.vin, car]));
  const byStock = new Map(existing.map((car) => [car.stockNumber, car]));
  const inputs = file.rows.map((row) => ({ row: row.row, input: rowInput(file, row) }));
  const sameVin = duplicates(inputs.map(({ row, input }) => ({ row, value: rowVin(input.fields) })));
  const sameStock = duplicates(inputs.map(({ row, input }) => ({ row, value: rowStockNumber(input.fields) })));
  const named = new Set<string>();

  const rows = inputs.map(({ row, input }): PlannedRow => {
    const vin = rowVin(input.fields);
    const stockNumber = rowStockNumber(input.fields);
    const problems: ImportProblem[] = [...input.problems];
    const column = (field: CarWriteField) => columnOfField(file, field);
    const refuse = (found: ImportProblem[]): PlannedRow => ({
      result: {
        row,
        outcome: 'refused',
        vin,
        stockNumber,
        title: title(input.fields),
        changed: [],
        problems: [...found, ...input.notes],
        carUuid: null,
        photos: [],
      },
      photoUrls: [],
    });

    // Without a VIN the stock number finds the car; a car stored without a VIN is found by its stock number too.
    const stockCar = stockNumber === null ? undefined : byStock.get(stockNumber);
    const car = vin !== null ? (byVin.get(vin) ?? (stockCar?.vin === '' ? stockCar : undefined)) : stockCar;
    if (car) named.add(car.uuid);

    // A row in sameVin has a VIN, and one in sameStock a stock number (duplicates skips null values).
    if (sameVin.has(row))
      problems.push(importProblem(row, column('vin'), { code: 'duplicate_vin', params: { vin: vin!, rows: sameVin.get(row)! } }));
    if (sameStock.has(row))
      problems.push(
        importProblem(row, column('stockNumber'), {
          code: 'duplicate_stock_number',
          params: { stockNumber: stockNumber!, rows: sameStock.get(row)! },
        }),
      );
    if (stockCar && car && stockCar.uuid !== car.uuid)
      problems.push(
        importProblem(row, column('stockNumber'), {
          code: 'stock_number_of_another_car',
          params: { stockNumber: stockCar.stockNumber, car: title(stockCar), vin: stockCar.vin },
        }),
      );
    if (stockCar && !car && vin !== null)
      problems.push(
        importProblem(row, column('vin'), {
          code: 'stock_number_of_car_with_another_vin',
          params: { stockNumber: stockCar.stockNumber, car: title(stockCar), vin: stockCar.vin },
        }),
      );
    if (car?.listingState === 'archived')
      problems.push(importProblem(row, null, { code: 'archived_car', params: { stockNumber: car.stockNumber } }));
    if (!car) {
      // A car arriving from the dealer system is on sale unless the file says otherwise.
      const validated = validateRow(file, row, { listingState: 'available', ...input.fields });
      if (!validated.car || problems.length > 0) return refuse(everyProblem(input, problems, validated.problems));
      return {
        result: {
          row,
          outcome: 'created',
          vin: validated.car.vin,
          stockNumber: validated.car.stockNumber,
          title: title(validated.car),
          changed: [],
          problems: input.notes,
          carUuid: null,
          photos: [],
        },
        create: validated.car,
        photoUrls: input.photoUrls.slice(0, PHOTO_URLS_PER_CAR),
      };
    }

    const {
      uuid: _uuid,
      version: _version,
      dateAdded: _added,
      daysInStock: _days,
      updatedAt: _updated,
      photos: _photos,
      photoFetches: _photoFetches,
      counts: _counts,
      ...stored
    } = car;
    const validated = validateRow(file, row, { ...stored, ...input.fields });
    if (!validated.car || problems.length > 0) return refuse(everyProblem(input, problems, validated.problems));
    const next = validated.car;
    const changed = CAR_WRITE_FIELDS.filter((field) => !sameValue(next[field], stored[field]));
    const fields = Object.fromEntries(changed.map((field) => [field, next[field]])) as Partial<CarWrite>;
    return {
      result: {
        row,
        outcome: changed.length > 0 ? 'updated' : 'unchanged',
        vin: next.vin,
        stockNumber: next.stockNumber,
        title: title(next),
        changed,
        problems: input.notes,
        carUuid: car.uuid,
        photos: [],
      },
      ...(changed.length > 0 ? { update: { car, fields } } : {}),
      // Photos of the file are fetched for the cars it creates; an existing car's photos are managed in the dashboard.
      photoUrls: [],
    };
  });

  const markSold = sync ? existing.filter((car) => car.listingState === 'available' && !named.has(car.uuid)) : [];
  return { rows, markSold };
}

function report(file: StockFile, plan: ImportPlan, mode: ImportMode, sync: boolean, photosQueued: number): ImportReport {
  const count = (outcome: ImportRowResult['outcome']) => plan.rows.filter((row) => row.result.outcome === outcome).length;
  return {
    mode,
    sync,
    rows: plan.rows.length,
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    refused: count('refused'),
    markedSold: plan.markSold.map((car) => ({
      uuid: car.uuid,
      stockNumber: car.stockNumber,
      title: title(car) ?? car.stockNumber,
      from: 'available' as const,
    })),
    columns: { matched: file.matched, ignored: file.ignored, ignoredReasons: file.ignoredReasons, ignoredDetails: file.ignoredDetails },
    photosQueued,
    results: plan.rows.map((row) => row.result),
  };
}

async function loadInventory(db: Db): Promise<InventoryCar[]> {
  const now = new Date();
  return (await allCarRows(db)).map((row) => toInventoryCar(row, NO_COUNTS, now));
}

export interface ImportOptions {
  mode: ImportMode;
  sync: boolean;
}

export interface ImportOutcome {
  report: ImportReport;
  encoding: StockFile['encoding'];
}

/**
 * Reads a stock file and, in a dry run, answers what it would do; in a commit, does it in one
 * transaction: refused rows are skipped and the others written, so one bad row does not hold back
 * the rest of the feed. Photo URLs of new cars are queued for the background fetch
 * (photo-fetch.consumer.ts) in the same transaction.
 */
export async function importStockFile(
  db: Db,
  actorUserId: number | null,
  bytes: Buffer,
  { mode, sync }: ImportOptions,
): Promise<ImportOutcome> {
  const file = readStockFile(bytes);
  if (mode === 'dry-run')
    return { report: report(file, planImport(file, await loadInventory(db), sync), mode, sync, 0), encoding: file.encoding };
  const result = await db.transaction().execute(async (trx) => {
    const plan = planImport(file, await loadInventory(trx), sync);
    // New cars in batches (createCars); the plan has already refused rows whose VIN or stock number is taken.
    const creating = plan.rows.filter((row) => row.create);
    const created = await createCars(
      trx,
      creating.map((row) => row.create!),
      actorUserId,
    );
    const photoFetches = creating.flatMap((row, i) =>
      row.photoUrls.length > 0 ? [{ carUuid: created[i]!.uuid, urls: row.photoUrls, actorUserId }] : [],
    );
    await addPendingPhotoFetches(trx, photoFetches);
    await enqueueOutboxEvents(trx, 'inventory.photo_urls', photoFetches);
    creating.forEach((row, i) => {
      row.result.carUuid = created[i]!.uuid;
      row.result.photos = row.photoUrls.map((url) => ({ url, outcome: 'pending', reason: null, httpStatus: null }));
    });
    const photosQueued = photoFetches.reduce((sum, fetch) => sum + fetch.urls.length, 0);
    for (const row of plan.rows) {
      if (row.update) await updateCar(trx, row.update.car.uuid, { ...row.update.fields, version: row.update.car.version }, actorUserId);
    }
    for (const car of plan.markSold) await updateCar(trx, car.uuid, { listingState: 'sold', version: car.version }, actorUserId);
    const summary = report(file, plan, mode, sync, photosQueued);
    await recordAudit(trx, {
      actorUserId,
      action: 'inventory.imported',
      entity: 'inventory',
      entityId: null,
      details: {
        rows: summary.rows,
        created: summary.created,
        updated: summary.updated,
        unchanged: summary.unchanged,
        refused: summary.refused,
        markedSold: summary.markedSold.length,
        sync,
      },
    });
    return summary;
  });
  return { report: result, encoding: file.encoding };
}

/** GET /api/inventory/export.csv: every car but the archived ones, as a stock file the import reads back unchanged. */
export async function exportStockFile(db: Db, absolute: (url: string) => string): Promise<string> {
  const cars = (await loadInventory(db)).filter((car) => car.listingState !== 'archived');
  const photos = await allCarPhotoUrls(db);
  return writeStockFile(
    cars.map((car) => ({ ...car, photos: (photos.get(car.uuid) ?? []).map((url) => ({ url })) })),
    absolute,
  );
}
