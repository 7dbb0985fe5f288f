import * as v from 'valibot';
import type { ImportMode } from './contracts/inventory-import.ts';
import { booleanParam } from './query-params.ts';

/**
 * POST /api/inventory/import?mode=dry-run|commit[&sync=true] (docs/product/catalogue.md#catalogue): a dry run
 * answers what the stock file would do and writes nothing; sync marks available cars the file does
 * not name as sold, as marketplaces expect of a full feed.
 */
const IMPORT_MODES = ['dry-run', 'commit'] as const satisfies readonly ImportMode[];

export const stockFileImportQuerySchema = v.pipe(
  v.object({
    mode: v.picklist(IMPORT_MODES, 'mode must be dry-run (see what the file would do) or commit (do it)'),
    sync: booleanParam('sync must be true or false'),
  }),
  v.transform((query) => ({ mode: query.mode, sync: query.sync ?? false })),
);
