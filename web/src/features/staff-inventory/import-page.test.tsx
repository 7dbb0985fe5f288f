import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportReport } from '../../../../domain/contracts/inventory-import.ts';
import { activateLanguage, loadScreenCatalogues } from '../../lib/i18n.ts';
import { FakeXhr } from '../../test/fake-xhr.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ImportPage } from './import-page.tsx';

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

function report(overrides: Partial<ImportReport> = {}): ImportReport {
  return {
    mode: 'dry-run',
    sync: true,
    rows: 2,
    created: 1,
    updated: 0,
    unchanged: 0,
    refused: 1,
    markedSold: [{ uuid: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', stockNumber: 'OLD1', title: '2015 Ford Focus SE', from: 'available' }],
    columns: { matched: { VIN: 'vin', Stock: 'stockNumber' }, ignored: ['Lot'], ignoredReasons: {}, ignoredDetails: {} },
    photosQueued: 0,
    results: [
      {
        row: 2,
        outcome: 'created',
        vin: '1HGCM82633A004352',
        stockNumber: 'A1001',
        title: '2003 Honda Accord EX',
        changed: [],
        problems: [],
        carUuid: null,
        photos: [],
      },
      {
        row: 3,
        outcome: 'refused',
        vin: '1HGCM82633A004353',
        stockNumber: 'A1002',
        title: null,
        changed: [],
        carUuid: null,
        photos: [],
        problems: [
          {
            row: 3,
            column: 'VIN',
            message: 'VIN check digit (the 9th character) does not match the rest of the VIN: look for a typo.',
            code: 'invalid_value',
            params: {},
          },
        ],
      },
    ],
    ...overrides,
  };
}

const csv = () => new File(['VIN,Stock\n1HGCM82633A004352,A1001\n'], 'stock.csv', { type: 'text/csv' });

describe('importing a stock file', () => {
  it('shows the dry run counts and rows, then commits exactly what was checked and shows its report', async () => {
    renderWithProviders(<ImportPage />);
    const commit = screen.getByRole('button', { name: 'Commit' });
    expect(commit).toHaveProperty('disabled', true);
    await userEvent.upload(screen.getByLabelText('Stock file (CSV)'), csv());
    await userEvent.click(screen.getByLabelText('Mark available cars missing from the file as sold'));
    await userEvent.click(screen.getByRole('button', { name: 'Dry run' }));

    const dryRun = FakeXhr.last();
    expect(dryRun.url).toBe('/api/inventory/import?mode=dry-run&sync=true');
    expect((dryRun.body!.get('file') as File).name).toBe('stock.csv');
    dryRun.respond(200, report());

    expect(await screen.findByRole('heading', { name: 'Dry run: nothing has been written yet' })).toBeTruthy();
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows[0]).toContain('2');
    expect(rows[0]).toContain('Created');
    expect(rows[0]).toContain('A1001');
    expect(rows[1]).toContain('Refused');
    expect(rows[1]).toContain('VIN: VIN check digit (the 9th character) does not match the rest of the VIN: look for a typo.');
    expect(screen.getByText('2015 Ford Focus SE')).toBeTruthy();

    await waitFor(() => expect(commit).toHaveProperty('disabled', false));
    await userEvent.click(commit);
    const committed = FakeXhr.last();
    expect(committed.url).toBe('/api/inventory/import?mode=commit&sync=true');
    committed.respond(200, report({ mode: 'commit', photosQueued: 3 }));
    expect(await screen.findByRole('heading', { name: 'Import done' })).toBeTruthy();
    expect(screen.getByText('3 photos from the file are being downloaded in the background.')).toBeTruthy();
  });

  it('asks for a new dry run when the option changes after one', async () => {
    renderWithProviders(<ImportPage />);
    await userEvent.upload(screen.getByLabelText('Stock file (CSV)'), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(FakeXhr.last().url).toBe('/api/inventory/import?mode=dry-run');
    FakeXhr.last().respond(200, report({ sync: false, markedSold: [] }));
    const commit = screen.getByRole('button', { name: 'Commit' });
    await waitFor(() => expect(commit).toHaveProperty('disabled', false));
    await userEvent.click(screen.getByLabelText('Mark available cars missing from the file as sold'));
    expect(commit).toHaveProperty('disabled', true);
  });

  it("says why a file was refused, in the server's words", async () => {
    renderWithProviders(<ImportPage />);
    await userEvent.upload(screen.getByLabelText('Stock file (CSV)'), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    FakeXhr.last().respond(400, { error: { code: 'bad_request', message: 'The file has a header row only.' } });
    expect((await screen.findByRole('alert')).textContent).toBe('The file was refused: The file has a header row only.');
  });

  it('words each problem the server found in the reader’s language, from its code and values', async () => {
    await loadScreenCatalogues('application', 'dashboard');
    renderWithProviders(<ImportPage />);
    await userEvent.upload(screen.getByLabelText('Stock file (CSV)'), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    const refused = report().results[1]!;
    FakeXhr.last().respond(
      200,
      report({
        sync: false,
        markedSold: [],
        columns: {
          matched: { VIN: 'vin' },
          ignored: ['Condition'],
          ignoredReasons: { Condition: 'Column "Condition" ignored: its values (5, 4.5) are not New, Used, Certified or CPO.' },
          ignoredDetails: { Condition: { code: 'unfit_column', params: { column: 'Condition', examples: ['5', '4.5'], holds: 'type' } } },
        },
        results: [
          {
            ...refused,
            problems: [
              { row: 3, column: 'VIN', message: 'VIN X is also on rows 5, 9.', code: 'duplicate_vin', params: { vin: 'X', rows: [5, 9] } },
              {
                row: 3,
                column: 'Stock',
                message: 'Stock number A1002 belongs to another car: 2019 Honda Accord EX, VIN Y.',
                code: 'stock_number_of_another_car',
                params: { stockNumber: 'A1002', car: '2019 Honda Accord EX', vin: 'Y' },
              },
              {
                row: 3,
                column: null,
                message: 'The row has 5 cells but the header has 4: a cell with a semicolon in it must be in double quotes.',
                code: 'row_too_long',
                params: { cells: 5, columns: 4, delimiter: 'semicolon' },
              },
              { row: 3, column: 'Make', message: 'Make is required.', code: 'invalid_value', params: {} },
            ],
          },
        ],
      }),
    );
    await screen.findByRole('table');
    await act(() => activateLanguage('uk'));
    try {
      const problems = within(screen.getByRole('table'))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      expect(problems).toEqual([
        'VIN: VIN X також є в рядках 5, 9.',
        'Stock: Складський номер A1002 належить іншому авто: 2019 Honda Accord EX, VIN Y.',
        'У рядку клітинок: 5, а в заголовку: 4. Клітинку з крапкою з комою треба взяти в подвійні лапки.',
        'Make: Марка обов’язкова.',
      ]);
      expect(screen.getByText('Стовпець «Condition» пропущено: його значення (5, 4.5) не New, Used, Certified чи CPO.')).toBeTruthy();
    } finally {
      await act(() => activateLanguage('en'));
    }
  });
});
