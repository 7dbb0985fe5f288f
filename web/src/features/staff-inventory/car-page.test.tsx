import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inventoryMessages } from '../../../../domain/inventory.schema.ts';
import { buildVin, vinMessages } from '../../../../domain/vin.ts';
import { toast } from '../../components/toasts.tsx';
import { mockFetch, renderWithProviders, json } from '../../test/render.tsx';
import { allowModalDialogs, CAR_UUID, inventoryCar } from '../../test/staff-fixtures.ts';
import { yearFromVin } from './car-form-values.ts';
import { CarPage, NewCarPage } from './car-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => {
  network?.restore();
  vi.restoreAllMocks();
});
beforeAll(() => allowModalDialogs());

function CurrentPath() {
  const { pathname } = useLocation();
  return <output data-testid="path">{pathname}</output>;
}

function open(route: string, routes: Parameters<typeof mockFetch>[0]) {
  network = mockFetch(routes);
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/inventory/new" element={<NewCarPage />} />
      <Route
        path="/dashboard/inventory/:uuid"
        element={
          <>
            <CarPage />
            <CurrentPath />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

const vinInput = () => screen.getByLabelText('VIN');
const vinStatus = () => within(vinInput().closest('.edit-field') as HTMLElement).getByRole('status');
const calls = (method: string, path: string) => network!.calls.filter((call) => call.method === method && call.url.pathname === path);

describe('the VIN field', () => {
  it('counts the characters, then says when the check digit does not match, as staff type', async () => {
    open('/dashboard/inventory/new', {});
    await userEvent.type(vinInput(), '1HGCM');
    expect(vinStatus().textContent).toBe('5 of 17 characters');
    // 1HGCM82633A004352 with one digit mistyped.
    await userEvent.type(vinInput(), '82633A004452');
    expect(vinStatus().textContent).toBe(vinMessages.checkDigit);
  });

  it('fills the year from the 10th character once the VIN is valid', async () => {
    open('/dashboard/inventory/new', {});
    await userEvent.type(vinInput(), '1hgcm82633a004352');
    expect(vinStatus().textContent).toBe('The check digit matches.');
    expect(screen.getByLabelText<HTMLInputElement>('Year').value).toBe('2003');
  });

  it('leaves a year staff typed themselves', async () => {
    open('/dashboard/inventory/new', {});
    await userEvent.type(screen.getByLabelText('Year'), '2004');
    await userEvent.type(vinInput(), '1HGCM82633A004352');
    expect(screen.getByLabelText<HTMLInputElement>('Year').value).toBe('2004');
  });

  it('fills the make from the manufacturer code once the VIN is valid', async () => {
    open('/dashboard/inventory/new', {});
    await userEvent.type(vinInput(), '1HGCM82633A00435');
    expect(screen.getByLabelText<HTMLInputElement>('Make').value).toBe('');
    await userEvent.type(vinInput(), '2');
    expect(screen.getByLabelText<HTMLInputElement>('Make').value).toBe('Honda');
  });

  it('leaves a make staff typed themselves', async () => {
    open('/dashboard/inventory/new', {});
    await userEvent.type(screen.getByLabelText('Make'), 'Acura');
    await userEvent.type(vinInput(), '1HGCM82633A004352');
    expect(screen.getByLabelText<HTMLInputElement>('Make').value).toBe('Acura');
  });

  it('reads the likelier model year of the 10th character, never a future one', () => {
    const today = new Date('2026-11-28T12:00:00Z');
    // 'D' is 1983 or 2013; a letter at position 7 says 2010 or later.
    expect(yearFromVin('1FADP5AU6DL536022', today)).toBe(2013);
    // '3' with a letter at position 7 reads 2033 first, a model year not yet on sale: 2003 it is.
    expect(yearFromVin(buildVin('1HG', 'CM8A6', 2003, 'A', 4352), today)).toBe(2003);
    expect(yearFromVin('1FADP5AU6DL53602', today)).toBeNull();
  });
});

describe('adding a car', () => {
  it('sends the parsed car and opens its page', async () => {
    open('/dashboard/inventory/new', {
      'POST /api/inventory': () => json(201, inventoryCar({ listingState: 'draft', trim: null })),
      [`GET /api/inventory/${CAR_UUID}`]: () => inventoryCar({ listingState: 'draft', trim: null }),
    });
    await userEvent.type(vinInput(), ' 1hgcm82633a004352 ');
    await userEvent.type(screen.getByLabelText('Stock number'), 'a1001');
    await userEvent.type(screen.getByLabelText('Model'), ' Accord ');
    await userEvent.selectOptions(screen.getByLabelText('Condition'), 'Used');
    await userEvent.type(screen.getByLabelText('Price, $'), '6500');
    await userEvent.type(screen.getByLabelText('Mileage, mi'), '148000');
    await userEvent.type(screen.getByLabelText(/^Features, one a line/), 'Sunroof\n\nHeated seats');
    await userEvent.click(screen.getByRole('button', { name: 'Add car' }));
    await waitFor(() => expect(calls('POST', '/api/inventory')).toHaveLength(1));
    expect(calls('POST', '/api/inventory')[0]!.body).toEqual({
      vin: '1HGCM82633A004352',
      stockNumber: 'A1001',
      year: 2003,
      brand: 'Honda',
      model: 'Accord',
      trim: null,
      bodyStyle: null,
      condition: 'used',
      certified: false,
      price: 6500,
      msrp: null,
      mileage: 148000,
      exteriorColor: null,
      interiorColor: null,
      transmission: null,
      drivetrain: null,
      fuelType: null,
      engine: null,
      mpgCity: null,
      mpgHighway: null,
      features: ['Sunroof', 'Heated seats'],
      description: null,
      listingState: 'draft',
    });
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe(`/dashboard/inventory/${CAR_UUID}`));
    expect(await screen.findByRole('heading', { level: 2, name: '2003 Honda Accord' })).toBeTruthy();
  });

  it('takes a price typed as "$6,995" and a mileage as "148,250"', async () => {
    open('/dashboard/inventory/new', {
      'POST /api/inventory': () => json(201, inventoryCar({ listingState: 'draft' })),
      [`GET /api/inventory/${CAR_UUID}`]: () => inventoryCar({ listingState: 'draft' }),
    });
    await userEvent.type(vinInput(), '1HGCM82633A004352');
    await userEvent.type(screen.getByLabelText('Stock number'), 'A1001');
    await userEvent.type(screen.getByLabelText('Model'), 'Accord');
    await userEvent.selectOptions(screen.getByLabelText('Condition'), 'Used');
    await userEvent.type(screen.getByLabelText('Price, $'), '$6,995');
    await userEvent.type(screen.getByLabelText('Mileage, mi'), '148,250');
    await userEvent.click(screen.getByRole('button', { name: 'Add car' }));
    await waitFor(() => expect(calls('POST', '/api/inventory')).toHaveLength(1));
    expect(calls('POST', '/api/inventory')[0]!.body).toMatchObject({ price: 6995, mileage: 148_250 });
  });

  it('lists what to fix, with links to the fields, and takes focus, sending nothing', async () => {
    open('/dashboard/inventory/new', {});
    await userEvent.click(screen.getByRole('button', { name: 'Add car' }));
    const summary = await screen.findByRole('group', { name: 'Please fix the following:' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const links = within(summary).getAllByRole('link');
    expect(links[0]!.textContent).toBe(`VIN: ${inventoryMessages.vinRequired}`);
    expect(links[0]!.getAttribute('href')).toBe('#car-vin');
    await userEvent.click(links[0]!);
    expect(document.activeElement).toBe(vinInput());
    expect(network!.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('names the other car, as a link, when its VIN is taken', async () => {
    open('/dashboard/inventory/new', {
      'POST /api/inventory': () =>
        json(409, {
          error: {
            code: 'duplicate_vin',
            message: 'Another car has this VIN.',
            otherCar: {
              uuid: 'c0ffee00-0000-4000-8000-000000000001',
              stockNumber: 'B7',
              vin: '1HGCM82633A004352',
              title: '2003 Honda Accord LX',
            },
          },
        }),
    });
    await userEvent.type(vinInput(), '1HGCM82633A004352');
    await userEvent.type(screen.getByLabelText('Stock number'), 'A1001');
    await userEvent.type(screen.getByLabelText('Model'), 'Accord');
    await userEvent.selectOptions(screen.getByLabelText('Condition'), 'Used');
    await userEvent.type(screen.getByLabelText('Price, $'), '6500');
    await userEvent.type(screen.getByLabelText('Mileage, mi'), '148000');
    await userEvent.click(screen.getByRole('button', { name: 'Add car' }));
    const link = await screen.findByRole('link', { name: '2003 Honda Accord LX (stock B7)' });
    expect(link.getAttribute('href')).toBe('/dashboard/inventory/c0ffee00-0000-4000-8000-000000000001');
    expect(screen.getByText('Another car has this VIN.', { selector: '.edit-field__error' })).toBeTruthy();
  });
});

describe('editing a car', () => {
  it('shows what became of each photo address of the stock file that created the car', async () => {
    open(`/dashboard/inventory/${CAR_UUID}`, {
      [`GET /api/inventory/${CAR_UUID}`]: () =>
        inventoryCar({
          photoFetches: [
            { url: 'https://photos.example/1.jpg', outcome: 'fetched', reason: null, httpStatus: null },
            { url: 'https://photos.example/2.jpg', outcome: 'failed', reason: 'status', httpStatus: 404 },
            { url: 'https://photos.example/3.jpg', outcome: 'failed', reason: 'type', httpStatus: null },
            { url: 'https://photos.example/4.jpg', outcome: 'pending', reason: null, httpStatus: null },
          ],
        }),
    });
    await screen.findByRole('heading', { level: 3, name: 'Photos from the stock file' });
    const items = document.querySelectorAll('.photo-fetches li');
    expect([...items].map((item) => item.textContent)).toEqual([
      'Fetched https://photos.example/1.jpg',
      'Failed: HTTP 404 https://photos.example/2.jpg',
      'Failed: not an image https://photos.example/3.jpg',
      'Pending https://photos.example/4.jpg',
    ]);
  });

  it('sends the changed fields only, with the version it was made on', async () => {
    open(`/dashboard/inventory/${CAR_UUID}`, {
      [`GET /api/inventory/${CAR_UUID}`]: () => inventoryCar(),
      [`PATCH /api/inventory/${CAR_UUID}`]: () => inventoryCar({ price: 6900, version: 4 }),
    });
    const price = await screen.findByLabelText('Price, $');
    await userEvent.clear(price);
    await userEvent.type(price, '6900');
    await userEvent.click(screen.getByRole('button', { name: 'Save car' }));
    await waitFor(() => expect(calls('PATCH', `/api/inventory/${CAR_UUID}`)).toHaveLength(1));
    expect(calls('PATCH', `/api/inventory/${CAR_UUID}`)[0]!.body).toEqual({ price: 6900, version: 3 });
  });

  it('shows their values beside mine when someone else saved first, and overwrites only when asked', async () => {
    const theirs = inventoryCar({ version: 4, price: 6200, mileage: 148500 });
    let answered = 0;
    open(`/dashboard/inventory/${CAR_UUID}`, {
      [`GET /api/inventory/${CAR_UUID}`]: () => inventoryCar(),
      [`PATCH /api/inventory/${CAR_UUID}`]: () =>
        answered++ === 0
          ? json(409, { error: { code: 'stale_version', message: 'This car was changed by someone else.', current: theirs } })
          : inventoryCar({ version: 5, price: 6900, mileage: 148500 }),
    });
    const price = await screen.findByLabelText('Price, $');
    await userEvent.clear(price);
    await userEvent.type(price, '6900');
    await userEvent.click(screen.getByRole('button', { name: 'Save car' }));
    const notice = await screen.findByRole('alert', { name: 'Someone else changed this car' });
    const rows = within(notice)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Price, $', '6900', '6200'],
      ['Mileage, mi', '148000', '148500'],
    ]);
    await userEvent.click(within(notice).getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(() => expect(calls('PATCH', `/api/inventory/${CAR_UUID}`)).toHaveLength(2));
    expect(calls('PATCH', `/api/inventory/${CAR_UUID}`)[1]!.body).toEqual({ price: 6900, version: 4 });
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Someone else changed this car' })).toBeNull());
  });

  it('loads their version on request, dropping my change', async () => {
    const theirs = inventoryCar({ version: 4, price: 6200 });
    open(`/dashboard/inventory/${CAR_UUID}`, {
      [`GET /api/inventory/${CAR_UUID}`]: () => inventoryCar(),
      [`PATCH /api/inventory/${CAR_UUID}`]: () => json(409, { error: { code: 'stale_version', message: 'Changed.', current: theirs } }),
    });
    const price = await screen.findByLabelText('Price, $');
    await userEvent.clear(price);
    await userEvent.type(price, '6900');
    await userEvent.click(screen.getByRole('button', { name: 'Save car' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Load their version (drop my changes)' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Price, $').value).toBe('6200'));
  });

  it('explains the archive when the server archives instead of deleting', async () => {
    open(`/dashboard/inventory/${CAR_UUID}`, {
      [`GET /api/inventory/${CAR_UUID}`]: () => inventoryCar(),
      [`DELETE /api/inventory/${CAR_UUID}`]: () => ({
        archived: true,
        message: 'Archived.',
        car: inventoryCar({ listingState: 'archived' }),
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete car' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2003 Honda Accord EX?' });
    expect(dialog.textContent).toContain('archived instead');
    const told = vi.spyOn(toast, 'success');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete car' }));
    await waitFor(() =>
      expect(told).toHaveBeenCalledWith('The car was archived, not deleted: applications, favourites or visits refer to it.'),
    );
    expect(calls('DELETE', `/api/inventory/${CAR_UUID}`)).toHaveLength(1);
  });
});

describe('the photos of a car', () => {
  const photo = (id: string) => ({ id, url: `/media/cars/${id}.webp`, width: 1280, height: 960 });

  it('moves a photo later and makes another the cover with buttons, sending each new order', async () => {
    const orders: unknown[] = [];
    let photos = [photo('p1'), photo('p2'), photo('p3')];
    open(`/dashboard/inventory/${CAR_UUID}`, {
      [`GET /api/inventory/${CAR_UUID}`]: () => inventoryCar({ photos }),
      [`PATCH /api/inventory/${CAR_UUID}/photos`]: ({ body }) => {
        orders.push(body);
        photos = (body as { order: string[] }).order.map(photo);
        return photos;
      },
    });
    const list = await screen.findByRole('list', { name: 'Photos in order; the first is the cover' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Cover')).toBeTruthy();
    await userEvent.click(within(first).getByRole('button', { name: 'Move later' }));
    await waitFor(() => expect(orders).toEqual([{ order: ['p2', 'p1', 'p3'] }]));
    const third = within(list).getAllByRole('listitem')[2]!;
    expect(within(third).getByRole('img').getAttribute('src')).toBe('/media/cars/p3.webp');
    await waitFor(() => expect(within(third).getByRole('button', { name: 'Make cover' }).getAttribute('aria-busy')).toBeNull());
    await userEvent.click(within(third).getByRole('button', { name: 'Make cover' }));
    await waitFor(() => expect(orders.at(-1)).toEqual({ order: ['p3', 'p2', 'p1'] }));
  });

  it('offers no move beyond either end, and says why', async () => {
    open(`/dashboard/inventory/${CAR_UUID}`, {
      [`GET /api/inventory/${CAR_UUID}`]: () => inventoryCar({ photos: [photo('p1'), photo('p2')] }),
    });
    const items = within(await screen.findByRole('list', { name: 'Photos in order; the first is the cover' })).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('button', { name: 'Move earlier' }).getAttribute('data-tooltip')).toBe(
      'This photo is already first',
    );
    expect(within(items[1]!).getByRole('button', { name: 'Move later' }).getAttribute('aria-disabled')).toBe('true');
  });
});
