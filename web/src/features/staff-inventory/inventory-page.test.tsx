import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { allowModalDialogs, allowPopovers, inventoryCar, inventoryItem, pageOf, CAR_UUID } from '../../test/staff-fixtures.ts';
import { InventoryPage } from './inventory-page.tsx';
import { nextSort } from './inventory-params.ts';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => network?.restore());
beforeAll(() => {
  allowModalDialogs();
  allowPopovers();
});

function CurrentUrl() {
  const { search } = useLocation();
  return <output data-testid="url">{search}</output>;
}

function openList(route = '/dashboard/inventory', patches: unknown[] = [], total = 45) {
  network = mockFetch({
    'GET /api/inventory': ({ url }) => pageOf(total === 0 ? [] : [inventoryItem()], Number(url.searchParams.get('page') ?? 1), total, 20),
    [`PATCH /api/inventory/${CAR_UUID}`]: ({ body }) => {
      patches.push(body);
      return inventoryCar({ listingState: 'sold', version: 4 });
    },
  });
  renderWithProviders(
    <Routes>
      <Route
        path="/dashboard/inventory"
        element={
          <>
            <InventoryPage />
            <CurrentUrl />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

const lastQuery = () => network!.calls.filter((call) => call.url.pathname === '/api/inventory').at(-1)!.url.searchParams;

/** The menu a row's actions button opens (jsdom has no popovers, so it stays hidden to it). */
function rowMenu(row: HTMLElement): HTMLElement {
  const id = within(row)
    .getByRole('button', { name: /^Actions for/ })
    .getAttribute('popovertarget');
  const menu = id === null ? null : document.getElementById(id);
  if (!menu) throw new Error('no row menu');
  return menu;
}

describe('the inventory list', () => {
  it('asks for the first 20 cars, newest in stock first, by default', async () => {
    openList();
    await screen.findByRole('table');
    expect(Object.fromEntries(lastQuery())).toEqual({ page: '1', limit: '20', sort: 'days_asc' });
  });

  it('says how to add a first car or import a stock file when the inventory is empty', async () => {
    openList('/dashboard/inventory', [], 0);
    const empty = (await screen.findByText('No cars in the inventory yet.')).closest('.list-state') as HTMLElement;
    expect(empty.textContent).not.toContain('No cars match these filters.');
    expect(within(empty).getByRole('link', { name: 'Add car' }).getAttribute('href')).toBe('/dashboard/inventory/new');
    expect(within(empty).getByRole('link', { name: 'Import stock file' }).getAttribute('href')).toBe('/dashboard/inventory/import');
  });

  it('says no car matches when filters find none', async () => {
    openList('/dashboard/inventory?brand=Saab', [], 0);
    expect(await screen.findByText('No cars match these filters.')).toBeTruthy();
    expect(screen.queryByText('No cars in the inventory yet.')).toBeNull();
  });

  it('reads its search, filters, sort and page from the URL', async () => {
    openList('/dashboard/inventory?q=accord&state=pending&priceMax=9000&sort=price_desc&page=2');
    await screen.findByRole('table');
    expect(Object.fromEntries(lastQuery())).toEqual({
      page: '2',
      limit: '20',
      q: 'accord',
      state: 'pending',
      priceMax: '9000',
      sort: 'price_desc',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Search VIN, stock number, make or model').value).toBe('accord');
  });

  it('writes applied filters into the URL and starts again at page 1', async () => {
    openList('/dashboard/inventory?page=3');
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Make'), 'Honda');
    await userEvent.selectOptions(screen.getByLabelText('Listing state'), 'Sold');
    await userEvent.type(screen.getByLabelText('Days in stock from'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastQuery().get('brand')).toBe('Honda'));
    expect(lastQuery().get('state')).toBe('sold');
    expect(lastQuery().get('daysMin')).toBe('30');
    expect(lastQuery().get('page')).toBe('1');
    expect(screen.getByTestId('url').textContent).toBe('?state=sold&brand=Honda&daysMin=30');
  });

  it('sorts by price from its header, cheapest first, then most expensive first, keeping the sort in the URL', async () => {
    openList();
    await userEvent.click(await screen.findByRole('button', { name: /^Price/ }));
    await waitFor(() => expect(lastQuery().get('sort')).toBe('price_asc'));
    expect(screen.getByTestId('url').textContent).toBe('?sort=price_asc');
    await userEvent.click(screen.getByRole('button', { name: /^Price/ }));
    await waitFor(() => expect(lastQuery().get('sort')).toBe('price_desc'));
  });

  it('keeps the page in the URL when paging', async () => {
    openList();
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
    expect(screen.getByTestId('url').textContent).toBe('?page=2');
  });

  it('shows each car with its stock number, VIN, price, mileage, days, state and counts', async () => {
    openList();
    const [row] = (await screen.findAllByRole('row')).slice(1);
    const text = row!.textContent ?? '';
    for (const part of ['2003 Honda Accord EX', 'A1001', '1HGCM82633A004352', '$6,500', '148,000 mi', '58', 'Available', '12']) {
      expect(text).toContain(part);
    }
    expect(within(row!).getByRole('link', { name: '2003 Honda Accord EX' }).getAttribute('href')).toBe(`/dashboard/inventory/${CAR_UUID}`);
  });

  it('asks before marking a car sold, and sends the change with the version only on confirmation', async () => {
    const patches: unknown[] = [];
    openList('/dashboard/inventory', patches);
    const [row] = (await screen.findAllByRole('row')).slice(1);
    const markSold = () => within(rowMenu(row!)).getByRole('button', { name: 'Mark as sold', hidden: true });
    await userEvent.click(markSold());
    const dialog = screen.getByRole('dialog', { name: 'Mark this car as sold?' });
    expect(dialog.textContent).toContain('2003 Honda Accord EX (A1001) will leave the catalogue list.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(patches).toEqual([]);
    await userEvent.click(markSold());
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark as sold' }));
    await waitFor(() => expect(patches).toEqual([{ listingState: 'sold', version: 3 }]));
  });

  it('offers no change to the state a car is already in, and says why', async () => {
    openList();
    const [row] = (await screen.findAllByRole('row')).slice(1);
    const available = within(rowMenu(row!)).getByRole('button', { name: 'Mark as available', hidden: true });
    expect(available.getAttribute('aria-disabled')).toBe('true');
    expect(available.getAttribute('data-tooltip')).toBe('The car is already in this state');
  });
});

describe('sorting from a header', () => {
  it('flips the sorted column, starts another in its first order, and keeps views most first', () => {
    expect(nextSort('days_asc', 'days', 'asc')).toBe('days_desc');
    expect(nextSort('days_asc', 'year', 'desc')).toBe('year_desc');
    expect(nextSort('days_asc', 'views', 'desc')).toBe('views_desc');
    expect(nextSort('views_desc', 'views', 'desc')).toBe('views_desc');
  });
});
