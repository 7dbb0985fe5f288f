import * as v from 'valibot';
import { LISTING_STATES, type ListingState } from '../inventory.schema.ts';
import { photoFetchSchema, type PhotoFetch } from './inventory.ts';

/** POST /api/inventory/import?mode=dry-run|commit[&sync=true]: what a stock file did, or would do, row by row. */

export type ImportMode = 'dry-run' | 'commit';
export type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'refused';

/**
 * What a problem is, for a client to say it in its reader's language: a code and the values its
 * words need. `invalid_value` is the write schema's own message, a fixed text translated as it is.
 */
export type ImportProblemDetail =
  | { code: 'duplicate_vin'; params: { vin: string; rows: number[] } }
  | { code: 'duplicate_stock_number'; params: { stockNumber: string; rows: number[] } }
  | { code: 'stock_number_of_another_car'; params: { stockNumber: string; car: string | null; vin: string } }
  | { code: 'stock_number_of_car_with_another_vin'; params: { stockNumber: string; car: string | null; vin: string } }
  | { code: 'archived_car'; params: { stockNumber: string } }
  | { code: 'row_too_long'; params: { cells: number; columns: number; delimiter: 'comma' | 'semicolon' | 'tab' } }
  | { code: 'unknown_type'; params: { column: string | null } }
  | { code: 'photo_url_not_web'; params: { url: string } }
  | { code: 'invalid_value'; params: Record<string, never> };

/**
 * One problem of a row, or of the file (row 0 is the header; column null when it is the whole row or
 * file): its code and values, and `message`, the same in English for API consumers.
 */
export type ImportProblem = {
  row: number;
  column: string | null;
  message: string;
} & ImportProblemDetail;

/** Why a column named as one of ours was ignored, as a code and values (its English is in `ignoredReasons`). */
export interface IgnoredColumnDetail {
  code: 'unfit_column';
  /** The column's values that are not what it should hold, up to five. */
  params: { column: string; examples: string[]; holds: 'type' | 'listingState' | 'bodyStyle' };
}

export interface ImportRowResult {
  /** The row's line in the file as a spreadsheet numbers it (the header is row 1). */
  row: number;
  outcome: ImportOutcome;
  vin: string | null;
  stockNumber: string | null;
  /** "2019 Honda Accord EX" when the row names one. */
  title: string | null;
  /** The fields an update changes (empty for created, unchanged and refused). */
  changed: string[];
  problems: ImportProblem[];
  /** The car the row created or updated (null in a dry run's created rows and for refused ones). */
  carUuid: string | null;
  /** The photo addresses a created car's photos are fetched from, each pending when the commit answers. */
  photos: PhotoFetch[];
}

export interface ImportReport {
  mode: ImportMode;
  /** Whether available cars missing from the file are (or would be) marked sold. */
  sync: boolean;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  /** Cars that sync marks (or would mark) sold, with their state before. */
  markedSold: Array<{ uuid: string; stockNumber: string; title: string; from: ListingState }>;
  /**
   * Header names matched to our fields, the columns that were ignored, and why a column named as one
   * of ours was ignored all the same (its values across the file are not what that column holds).
   */
  columns: {
    matched: Record<string, string>;
    ignored: string[];
    ignoredReasons: Record<string, string>;
    ignoredDetails: Record<string, IgnoredColumnDetail>;
  };
  /** Photo URLs queued for download in the background (commit only). */
  photosQueued: number;
  results: ImportRowResult[];
}

/** ImportReport as the API document describes it (server/src/http/openapi.ts). */
const count = v.pipe(v.number(), v.integer());

const problem = <const Code extends ImportProblemDetail['code'], const Params extends v.ObjectEntries>(code: Code, params: Params) =>
  v.object({ row: count, column: v.nullable(v.string()), message: v.string(), code: v.literal(code), params: v.object(params) });

const carOfStockNumber = { stockNumber: v.string(), car: v.nullable(v.string()), vin: v.string() };

const importProblemSchema = v.variant('code', [
  problem('duplicate_vin', { vin: v.string(), rows: v.array(count) }),
  problem('duplicate_stock_number', { stockNumber: v.string(), rows: v.array(count) }),
  problem('stock_number_of_another_car', carOfStockNumber),
  problem('stock_number_of_car_with_another_vin', carOfStockNumber),
  problem('archived_car', { stockNumber: v.string() }),
  problem('row_too_long', { cells: count, columns: count, delimiter: v.picklist(['comma', 'semicolon', 'tab']) }),
  problem('unknown_type', { column: v.nullable(v.string()) }),
  problem('photo_url_not_web', { url: v.string() }),
  problem('invalid_value', {}),
]) satisfies v.GenericSchema<unknown, ImportProblem>;

export const importReportSchema = v.object({
  mode: v.picklist(['dry-run', 'commit']),
  sync: v.boolean(),
  rows: count,
  created: count,
  updated: count,
  unchanged: count,
  refused: count,
  markedSold: v.array(v.object({ uuid: v.string(), stockNumber: v.string(), title: v.string(), from: v.picklist(LISTING_STATES) })),
  columns: v.object({
    matched: v.record(v.string(), v.string()),
    ignored: v.array(v.string()),
    ignoredReasons: v.record(v.string(), v.string()),
    ignoredDetails: v.record(
      v.string(),
      v.object({
        code: v.literal('unfit_column'),
        params: v.object({ column: v.string(), examples: v.array(v.string()), holds: v.picklist(['type', 'listingState', 'bodyStyle']) }),
      }) satisfies v.GenericSchema<unknown, IgnoredColumnDetail>,
    ),
  }),
  photosQueued: count,
  results: v.array(
    v.object({
      row: count,
      outcome: v.picklist(['created', 'updated', 'unchanged', 'refused']),
      vin: v.nullable(v.string()),
      stockNumber: v.nullable(v.string()),
      title: v.nullable(v.string()),
      changed: v.array(v.string()),
      problems: v.array(importProblemSchema),
      carUuid: v.nullable(v.string()),
      photos: v.array(photoFetchSchema),
    }) satisfies v.GenericSchema<unknown, ImportRowResult>,
  ),
}) satisfies v.GenericSchema<unknown, ImportReport>;
