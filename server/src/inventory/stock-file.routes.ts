import multipart from '@fastify/multipart';
import type { ConfigSlice } from '../config.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { importReportSchema, type ImportReport } from '../../../domain/contracts/inventory-import.ts';
import { stockFileImportQuerySchema } from '../../../domain/inventory-import.schema.ts';
import { requireViewer } from '../http/viewer.ts';
import { adminOnly } from '../http/access.ts';
import { HttpError, parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { publicOrigin } from '../http/origin.ts';
import { exportStockFile, importStockFile } from './stock-file.service.ts';
import { STOCK_FILE_MAX_BYTES, STOCK_FILE_MAX_ROWS } from './stock-file.ts';

const MAX_MEGABYTES = STOCK_FILE_MAX_BYTES / (1024 * 1024);
const SEND_THE_FILE = 'Send the stock file as multipart/form-data, in a part named file.';

/** The one file part, kept in memory (at most STOCK_FILE_MAX_BYTES). */
async function readStockFileUpload(request: FastifyRequest): Promise<Buffer> {
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file) throw new HttpError('bad_request', `Send one stock file, in a part named file.`);
      file = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError('unsupported_media_type', SEND_THE_FILE);
    if (code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413)
      throw new HttpError(
        'payload_too_large',
        `The stock file is larger than ${MAX_MEGABYTES} MB. Split it and import the parts one after another.`,
      );
    // Anything else is a form the parser could not read: the client's fault, never a 500.
    throw new HttpError('bad_request', 'The upload could not be read as multipart/form-data.');
  }
  if (!file) throw new HttpError('bad_request', `Attach the stock file. ${SEND_THE_FILE}`, { file: 'file is required' });
  return file;
}

/** inventory-2026-11-28.csv, dated in UTC. */
const exportName = (now: Date) => `inventory-${now.toISOString().slice(0, 10)}.csv`;

/**
 * Stock files (docs/product/catalogue.md#catalogue), admin only: import a dealer system's CSV (dry run, then
 * commit) and export the inventory in the same columns.
 */
/** PUBLIC_URL, which the import report's links start with when set. */
type StockFileSettings = ConfigSlice<{ server: 'publicUrl' }>;

export const stockFileRoutes =
  ({ server }: StockFileSettings): FastifyPluginAsync =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: STOCK_FILE_MAX_BYTES, files: 1, fields: 2, fieldSize: 256, fieldNameSize: 64, parts: 3, headerPairs: 20 },
    });

    app.post(
      '/inventory/import',
      {
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary: `Import a stock file (multipart/form-data: one CSV in a part named file, at most ${MAX_MEGABYTES} MB and ${STOCK_FILE_MAX_ROWS.toLocaleString('en-US')} cars; comma, semicolon or tab; UTF-8, else read as Windows-1252 and said so in X-Stock-File-Encoding). mode=dry-run answers what each row would do and writes nothing; mode=commit writes every row that is not refused in one transaction; sync=true also marks available cars the file does not name as sold (staff)`,
          tags: ['inventory'],
          querystring: stockFileImportQuerySchema,
          answers: { 200: importReportSchema },
          errors: [409, 413, 415],
        }),
      },
      async (request, reply): Promise<ImportReport> => {
        const query = parseOr400(stockFileImportQuerySchema, request.query, 'import options');
        const bytes = await readStockFileUpload(request);
        const { report, encoding } = await importStockFile(app.db, requireViewer(request).userId, bytes, query);
        reply.header('x-stock-file-encoding', encoding);
        return report;
      },
    );

    app.get(
      '/inventory/export.csv',
      {
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary:
            'The inventory as a stock file: every car but the archived ones, in the import’s columns, UTF-8 with a byte order mark for Excel, formula-like cells neutralised with a leading apostrophe (staff)',
          tags: ['inventory'],
          answers: { 200: ['text/csv'] },
        }),
      },
      async (request, reply) => {
        const origin = publicOrigin(server, request);
        const csv = await exportStockFile(app.db, (url) => new URL(url, origin).toString());
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportName(new Date())}"`)
          .send(csv);
      },
    );
  };
