import * as v from 'valibot';
import { LISTING_STATES, type ListingState } from '../inventory.schema.ts';
import { photoFetchSchema, type PhotoFetch } from './inventory.ts';

/** POST /api/inventory/import?mode=dry-run|commit[&sync=true]: what a stock file did, or would do, row by row. */

export type ImportMode = 'dry-run' | 'commit';
export type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'refused';

/** One problem of a row, or of the file (row 0 is the header; column null when it is the whole row or file). */
export interface ImportProblem {
  row: number;
  column: string | null;
  message: string;
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
  columns: { matched: Record<string, string>; ignored: string[]; ignoredReasons: Record<string, string> };
  /** Photo URLs queued for download in the background (commit only). */
  photosQueued: number;
  results: ImportRowResult[];
}

/** ImportReport as the API document describes it (server/src/http/openapi.ts). */
const count = v.pipe(v.number(), v.integer());

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
      problems: v.array(
        v.object({ row: count, column: v.nullable(v.string()), message: v.string() }) satisfies v.GenericSchema<unknown, ImportProblem>,
      ),
      carUuid: v.nullable(v.string()),
      photos: v.array(photoFetchSchema),
    }) satisfies v.GenericSchema<unknown, ImportRowResult>,
  ),
}) satisfies v.GenericSchema<unknown, ImportReport>;
