import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ImportOutcome, ImportReport, ImportRowResult } from '../../../../domain/contracts/inventory-import.ts';
import { listingStateLabels } from '../../../../domain/enums.ts';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { importStockFile } from './api/import-stock-file.ts';
import { TableScroll } from '../../components/staff/table-scroll.tsx';
import { EMPTY } from '../../lib/staff/format.ts';
import { ignoredColumnText, importProblemText } from './import-problems.ts';
import { useInventoryFormat } from './inventory-format.ts';
import { PhotoFetchList } from './photo-fetches.tsx';
import './inventory.css';

const OUTCOMES: Record<ImportOutcome, string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  refused: 'Refused',
};

/** What a dry run said, and of which file and option, so Commit sends exactly what was checked. */
interface Checked {
  file: File;
  sync: boolean;
  report: ImportReport;
}

/** Rows of a report, problems with their column and message, a created car's photo addresses with their outcome. */
function ImportRows({ label, results }: { label: string; results: readonly ImportRowResult[] }) {
  const { i18n } = useLingui();
  return (
    <TableScroll label={label}>
      <table className="data-table import-table">
        <thead>
          <tr>
            <th scope="col">{i18n._('Row')}</th>
            <th scope="col">{i18n._('Outcome')}</th>
            <th scope="col">{i18n._('Car')}</th>
            <th scope="col">{i18n._('Problems')}</th>
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <tr key={result.row} className={`import-table__row--${result.outcome}`}>
              <th scope="row">{result.row}</th>
              <td>
                <span className={`import-outcome import-outcome--${result.outcome}`}>{i18n._(OUTCOMES[result.outcome])}</span>
                {result.changed.length > 0 ? <span className="cell-line cell-caption">{result.changed.join(', ')}</span> : null}
              </td>
              <td>
                <span className="cell-main">{result.title ?? EMPTY}</span>
                <span className="cell-line">
                  <span className="cell-caption">{i18n._('Stock')}</span> {result.stockNumber ?? EMPTY}
                </span>
                <span className="cell-line import-table__vin">
                  <span className="cell-caption">{i18n._('VIN')}</span> {result.vin ?? EMPTY}
                </span>
              </td>
              <td>
                {result.photos.length > 0 ? <PhotoFetchList fetches={result.photos} /> : null}
                {result.carUuid && result.photos.some((photo) => photo.outcome === 'pending') ? (
                  <Link to={`/dashboard/inventory/${result.carUuid}`}>{i18n._('See how the photos came on the car’s page')}</Link>
                ) : null}
                {result.problems.length === 0 ? (
                  result.photos.length > 0 ? null : (
                    EMPTY
                  )
                ) : (
                  <ul className="import-table__problems">
                    {result.problems.map((problem, index) => (
                      <li key={index}>
                        {problem.column ? <strong>{problem.column}: </strong> : null}
                        {importProblemText(i18n, problem)}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The counts first, then the rows that need a look (refused, created, updated), the unchanged ones behind a disclosure. */
function ImportReportView({ report }: { report: ImportReport }) {
  const { i18n } = useLingui();
  const format = useInventoryFormat();
  const committed = report.mode === 'commit';
  const counts: Array<[string, number]> = [
    [i18n._('Rows'), report.rows],
    [committed ? i18n._('Created') : i18n._('To create'), report.created],
    [committed ? i18n._('Updated') : i18n._('To update'), report.updated],
    [i18n._('Unchanged'), report.unchanged],
    [i18n._('Refused'), report.refused],
  ];
  // Rows that change nothing are most of a daily feed: one tap away, so a phone shows what needs attention first.
  const listed = report.results.filter((result) => result.outcome !== 'unchanged');
  const unchanged = report.results.filter((result) => result.outcome === 'unchanged');
  const unknownColumns = report.columns.ignored.filter((column) => !(column in report.columns.ignoredReasons));
  if (report.sync) counts.push([committed ? i18n._('Marked sold') : i18n._('To mark sold'), report.markedSold.length]);
  // A report replaces the last one: its heading takes focus, so a screen reader starts reading there.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [report]);
  return (
    <div className="import-report">
      <h3 ref={heading} tabIndex={-1}>
        {committed ? i18n._('Import done') : i18n._('Dry run: nothing has been written yet')}
      </h3>
      <dl className="import-report__counts">
        {counts.map(([label, count]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{format.number(count)}</dd>
          </div>
        ))}
      </dl>
      {committed && report.photosQueued > 0 ? (
        <p>{i18n._('{count} photos from the file are being downloaded in the background.', { count: report.photosQueued })}</p>
      ) : null}
      {unknownColumns.length > 0 ? <p>{i18n._('Columns ignored: {columns}', { columns: unknownColumns.join(', ') })}</p> : null}
      {Object.entries(report.columns.ignoredDetails).map(([column, detail]) => (
        <p key={column}>{ignoredColumnText(i18n, detail)}</p>
      ))}
      {report.markedSold.length > 0 ? (
        <>
          <h4>{committed ? i18n._('Marked sold (missing from the file)') : i18n._('Would be marked sold (missing from the file)')}</h4>
          <ul>
            {report.markedSold.map((car) => (
              <li key={car.uuid}>
                <Link to={`/dashboard/inventory/${car.uuid}`}>{car.title}</Link> ({car.stockNumber}, {i18n._(listingStateLabels[car.from])})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {listed.length > 0 ? <ImportRows label={i18n._('Rows of the file')} results={listed} /> : null}
      {unchanged.length > 0 ? (
        <details className="import-report__unchanged">
          <summary>{i18n._('Unchanged rows ({count})', { count: format.number(unchanged.length) })}</summary>
          <ImportRows label={i18n._('Unchanged rows of the file')} results={unchanged} />
        </details>
      ) : null}
    </div>
  );
}

/**
 * `/dashboard/inventory/import` (docs/product/inventory.md#stock-files): a dealer-system CSV is checked first (a
 * dry run writes nothing and lists every row), then committed exactly as checked.
 */
export function ImportPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Import stock file'));
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [sync, setSync] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [committed, setCommitted] = useState<ImportReport | null>(null);
  const [running, setRunning] = useState<'dry-run' | 'commit' | null>(null);
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  // Commit sends what the dry run checked: a new file or option needs a new dry run.
  const current = checked && checked.file === file && checked.sync === sync ? checked : null;

  const run = async (mode: 'dry-run' | 'commit') => {
    if (!file) return;
    setRunning(mode);
    setProgress(0);
    setFailure(null);
    try {
      const report = await importStockFile({ file, mode, sync }, { onProgress: setProgress });
      if (mode === 'dry-run') {
        setChecked({ file, sync, report });
        setCommitted(null);
      } else {
        setCommitted(report);
        setChecked(null);
        toast.success(i18n._('Stock file imported.'));
        await queryClient.invalidateQueries({ queryKey: ['dashboard', 'inventory'] });
      }
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status < 500
          ? i18n._('The file was refused: {message}', { message: error.message })
          : i18n._('The file could not be sent (error {status}). Please try again.', {
              status: error instanceof ApiError ? error.status : 500,
            }),
      );
    } finally {
      setRunning(null);
    }
  };

  return (
    <section aria-labelledby="import-title" className="import-page">
      <p>
        <Link to="/dashboard/inventory">← {i18n._('Back to the inventory')}</Link>
      </p>
      <h2 id="import-title">{i18n._('Import stock file')}</h2>
      <p className="edit-field__hint">
        {i18n._(
          'A CSV exported by your dealer management system, up to 10 MB. Cars are matched by VIN, else by stock number. A dry run shows what would change; nothing is written until you commit.',
        )}
      </p>
      <form
        className="import-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run('dry-run');
        }}
      >
        <div className="edit-field">
          <label htmlFor="import-file">{i18n._('Stock file (CSV)')}</label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setCommitted(null);
            }}
          />
        </div>
        <label className="filters__check">
          <input type="checkbox" checked={sync} onChange={(event) => setSync(event.target.checked)} />
          <span>{i18n._('Mark available cars missing from the file as sold')}</span>
        </label>
        <div className="button-row">
          <button
            type="submit"
            className="button button--secondary"
            disabled={!file || running !== null}
            aria-busy={running === 'dry-run' || undefined}
          >
            {i18n._('Dry run')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!current || running !== null}
            aria-busy={running === 'commit' || undefined}
            aria-describedby={current ? undefined : 'import-commit-why'}
            onClick={() => void run('commit')}
          >
            {i18n._('Commit')}
          </button>
          {current ? null : (
            <span id="import-commit-why" className="edit-field__hint">
              {i18n._('Commit is available after a dry run of this file with these options.')}
            </span>
          )}
        </div>
        {running ? <progress max={1} value={progress} aria-label={i18n._('Sending the file')} /> : null}
      </form>
      {failure ? (
        <p role="alert" className="notice notice--error">
          {failure}
        </p>
      ) : null}
      {committed ? <ImportReportView report={committed} /> : checked ? <ImportReportView report={checked.report} /> : null}
    </section>
  );
}
