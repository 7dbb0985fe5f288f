import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CarCard } from '../../../../domain/contracts/cars.ts';
import { Toaster } from '../../components/toasts.tsx';
import { renderWithProviders, json } from '../../test/render.tsx';
import CarsPage from './cars-page.tsx';
import { createCarCard } from './test/car-factory.ts';
import { LocationProbe, checkedOf, deferred, resetToastsAfterEach, mockCarsApi, valueOf } from './test/helpers.tsx';

resetToastsAfterEach();

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

function renderPage(route = '/cars') {
  return renderWithProviders(
    <>
      <CarsPage />
      <LocationProbe />
      <Toaster />
    </>,
    { route },
  );
}

/** The browser's Back, for a MemoryRouter. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

const cards = () => screen.queryAllByRole('article');
const cardTitles = () => cards().map((card) => within(card).getByRole('heading').textContent);
const carsRequests = (calls: Array<{ method: string; url: URL }>) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/cars').map((c) => Object.fromEntries(c.url.searchParams));
const searchOf = () => new URLSearchParams(screen.getByTestId('location').dataset.search);

const many = (count: number, overrides: Partial<CarCard> = {}) => Array.from({ length: count }, () => createCarCard(overrides));

describe('Available Cars: states', () => {
  it('shows Loading... while the first page is on its way', async () => {
    const pending = deferred<Response>();
    const api = mockCarsApi({ cars: () => pending.promise });
    restore = api.restore;
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Available Cars' })).toBeTruthy();
    expect(await screen.findByText('Loading...')).toBeTruthy();
    pending.resolve(json(200, { items: [], total: 0, page: 1, limit: 20, totalPages: 0 }));
    expect(await screen.findByText('No cars found matching your criteria')).toBeTruthy();
  });

  it('shows Error: {error} with the HTTP status, and recovers on Try again', async () => {
    let fail = true;
    const car = createCarCard({ brand: 'Honda', model: 'Civic', trim: 'EX', year: 2020 });
    const api = mockCarsApi({
      cars: () => (fail ? json(503, { error: { code: 'unavailable', message: 'Database down' } }) : undefined),
      pagesFor: () => [[car]],
    });
    restore = api.restore;
    renderPage();
    expect(await screen.findByText('Error: 503')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: '2020 Honda Civic EX' })).toBeTruthy();
  });

  it('shows the empty state', async () => {
    restore = mockCarsApi({ pagesFor: () => [[]] }).restore;
    renderPage();
    expect(await screen.findByText('No cars found matching your criteria')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });
});

describe('Available Cars: cards', () => {
  it('a car someone holds says On hold until when, on the dealer’s clock, in place of Available', async () => {
    const until = '2027-01-12T18:00:00.000Z';
    const car = createCarCard({ year: 2021, brand: 'Toyota', model: 'Camry', trim: 'SE', hold: { until, yours: false } });
    restore = mockCarsApi({
      pagesFor: () => [[car]],
      extra: {
        'GET /api/site': () => ({
          company: { name: 'Dealer', address: '', phone: '', email: '', socialLinks: [] },
          botUsername: null,
          telegramLoginEnabled: false,
          timeZone: 'America/Chicago',
        }),
      },
    }).restore;
    renderPage();
    const card = within(await screen.findByRole('article', { name: '2021 Toyota Camry SE' }));
    expect(await card.findByText('On hold until Jan 12, 2027, 12:00 PM CST')).toBeTruthy();
    expect(card.queryByText('Available')).toBeNull();
  });

  it('shows photo, name, dollars, miles, badges and a link to the details', async () => {
    const car = createCarCard({
      year: 2021,
      brand: 'Toyota',
      model: 'Camry',
      trim: 'SE',
      price: 24_500,
      mileage: 31_200,
      condition: 'used',
    });
    restore = mockCarsApi({ pagesFor: () => [[car]] }).restore;
    renderPage();
    const card = await screen.findByRole('article', { name: '2021 Toyota Camry SE' });
    const photo = within(card).getByRole('img', { name: 'Photo of 2021 Toyota Camry SE' });
    expect(photo).toSatisfy((el: Element) => el.hasAttribute('width'));
    expect(photo).toSatisfy((el: Element) => el.hasAttribute('height'));
    expect(photo.getAttribute('src')).toBe(car.photo);
    expect(within(card).getByText('$24,500')).toBeTruthy();
    expect(within(card).getByText('31,200 mi')).toBeTruthy();
    expect(within(card).getByText('Used')).toBeTruthy();
    expect(within(card).getByText('Available')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '2021 Toyota Camry SE' }).getAttribute('href')).toBe(`/cars/${car.uuid}`);
    expect(within(card).getByRole('button', { name: 'Add to favourites' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('1 car found')).toBeTruthy();
  });

  it("offers an uploaded photo in WebP and JPEG widths at its own size, a phone's first screen eager and the rest lazy", async () => {
    const hash = (n: number) => String(n).repeat(64);
    const image = {
      src: `/media/photos/${hash(3)}.jpg`,
      srcset: `/media/photos/${hash(1)}.jpg 320w, /media/photos/${hash(3)}.jpg 1280w`,
      webpSrcset: `/media/photos/${hash(2)}.webp 320w, /media/photos/${hash(4)}.webp 1280w`,
      width: 1280,
      height: 960,
    };
    const cars = many(8).map((car) => ({ ...car, photo: image.src, image }));
    restore = mockCarsApi({ pagesFor: () => [cars] }).restore;
    renderPage();
    const [first] = await screen.findAllByRole('article');
    const photo = within(first!).getByRole('img');
    expect(photo.getAttribute('srcset')).toBe(image.srcset);
    expect(photo.getAttribute('sizes')).toBeTruthy();
    expect([photo.getAttribute('width'), photo.getAttribute('height')]).toEqual(['1280', '960']);
    const source = photo.parentElement!.querySelector('source')!;
    expect(source.getAttribute('type')).toBe('image/webp');
    expect(source.getAttribute('srcset')).toBe(image.webpSrcset);
    const loading = screen.getAllByRole('article').map((card) => within(card).getByRole('img').getAttribute('loading'));
    expect(loading[0]).toBe('eager');
    expect(loading.at(-1)).toBe('lazy');
    // One column on a 390 px phone (cars.css): the first card whole, the second in part.
    expect(loading).toEqual(['eager', 'eager', ...Array<string>(6).fill('lazy')]);
    const priority = screen.getAllByRole('article').map((card) => within(card).getByRole('img').getAttribute('fetchpriority'));
    expect(priority).toEqual(['high', ...Array<null>(7).fill(null)]);
  });

  it('asks for page 1 of 20 available cars by default', async () => {
    const api = mockCarsApi({ pagesFor: () => [[createCarCard()]] });
    restore = api.restore;
    renderPage();
    await screen.findAllByRole('article');
    expect(carsRequests(api.calls)).toEqual([{ page: '1', limit: '20', available: 'true', sort: 'default' }]);
  });
});

describe('Available Cars: list rules', () => {
  it('Load More appends the next page without duplicates', async () => {
    const first = many(20);
    // The second page repeats two cars of the first (stock moved between requests).
    const second = [first[18]!, first[19]!, ...many(5)];
    const api = mockCarsApi({ pagesFor: () => [first, second] });
    restore = api.restore;
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(cards()).toHaveLength(25));
    const hrefs = cards().map((card) => within(card).getByRole('link').getAttribute('href'));
    expect(new Set(hrefs).size).toBe(25);
    expect(carsRequests(api.calls).map((q) => q.page)).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('a brand, like every filter, waits for Apply; then the list starts again from page 1 without the old model', async () => {
    const toyotas = many(20, { brand: 'Toyota', model: 'Camry' });
    const moreToyotas = many(20, { brand: 'Toyota', model: 'Camry' });
    const fords = many(3, { brand: 'Ford', model: 'Escape', trim: null });
    const slowFord = deferred<void>();
    const api = mockCarsApi({
      pagesFor: (q) => (q.get('brand') === 'Ford' ? [fords] : [toyotas, moreToyotas, many(1)]),
      cars: async (q) => {
        if (q.get('brand') === 'Ford') await slowFord.promise;
        return undefined;
      },
    });
    restore = api.restore;
    renderPage('/cars?brand=Toyota&model=Camry&priceMax=50000');
    await waitFor(() => expect(cards()).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(cards()).toHaveLength(40));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), 'Ford');
    // The form clears the model and lists the new brand's models; the list and the URL wait.
    expect(valueOf(screen.getByRole('combobox', { name: 'Model' }))).toBe('');
    const model = screen.getByRole('combobox', { name: 'Model' });
    await waitFor(() =>
      expect(
        within(model)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Any model', 'Escape', 'F-150', 'Mustang']),
    );
    expect(searchOf().get('brand')).toBe('Toyota');
    expect(cards()).toHaveLength(40);

    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    // The old brand's 40 cars are gone at once; the new list starts from scratch.
    expect(cards()).toHaveLength(0);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(searchOf().get('brand')).toBe('Ford');
    expect(searchOf().has('model')).toBe(false);
    expect(searchOf().get('priceMax')).toBe('50000');

    slowFord.resolve();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(carsRequests(api.calls).at(-1)).toEqual({
      page: '1',
      limit: '20',
      brand: 'Ford',
      priceMax: '50000',
      available: 'true',
      sort: 'default',
    });
  });

  it('a new first page replaces the list (e.g. after Apply)', async () => {
    const cheap = many(2, { brand: 'Honda', model: 'Fit', trim: 'LX', year: 2018 });
    const everything = many(3, { brand: 'Honda', model: 'Accord', trim: 'EX', year: 2022 });
    restore = mockCarsApi({ pagesFor: (q) => (q.get('priceMax') ? [cheap] : [everything]) }).restore;
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Price to, $' }), '15000');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(cardTitles()).toEqual(['2018 Honda Fit LX', '2018 Honda Fit LX']));
  });
});

describe('Available Cars: a way out of an empty list', () => {
  it('shows the filters in force as chips, and Clear filters brings every car back', async () => {
    const api = mockCarsApi({ pagesFor: (q) => (q.get('brand') ? [[]] : [many(2)]) });
    restore = api.restore;
    renderPage('/cars?brand=Toyota&model=Camry&priceMax=30000&condition=new&sort=price_asc');
    expect(await screen.findByText('No cars found matching your criteria')).toBeTruthy();
    const chips = within(screen.getByRole('group', { name: 'Active filters' }));
    expect(chips.getAllByRole('button').map((chip) => chip.getAttribute('aria-label') ?? chip.textContent)).toEqual([
      'Remove filter: Toyota',
      'Remove filter: Camry',
      'Remove filter: Price to $30,000',
      'Remove filter: New',
      'Clear filters',
    ]);
    await userEvent.click(chips.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    // The order is not a filter: it stays.
    expect(searchOf().toString()).toBe('sort=price_asc');
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();
  });

  it('keeps keyboard focus on the chips as they go, then on the results', async () => {
    restore = mockCarsApi({ pagesFor: () => [[]] }).restore;
    renderPage('/cars?brand=Toyota&yearMin=2019');
    await screen.findByText('No cars found matching your criteria');
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter: Year from 2019' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove filter: Toyota' })));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: /cars found/ })));
  });

  it('removes one filter with its chip; a brand takes its model along', async () => {
    restore = mockCarsApi({ pagesFor: () => [[]] }).restore;
    renderPage('/cars?brand=Toyota&model=Camry&yearMin=2019');
    await screen.findByText('No cars found matching your criteria');
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter: Year from 2019' }));
    await waitFor(() => expect(searchOf().toString()).toBe('brand=Toyota&model=Camry'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter: Toyota' }));
    await waitFor(() => expect(searchOf().toString()).toBe(''));
  });

  it('counts the filters in force on the Filters button that opens the panel on a phone', async () => {
    restore = mockCarsApi({ pagesFor: () => [[]] }).restore;
    renderPage('/cars?brand=Toyota&available=false&sort=year_desc');
    expect(await screen.findByRole('button', { name: 'Filters (2)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove filter: Unavailable cars included' })).toBeTruthy();
  });
});

describe('Available Cars: filters and the URL', () => {
  it('each filter change is a history entry, so Back undoes it', async () => {
    restore = mockCarsApi({ pagesFor: () => [[createCarCard()]] }).restore;
    renderWithProviders(
      <>
        <CarsPage />
        <LocationProbe />
        <BackButton />
      </>,
      { route: '/cars' },
    );
    await screen.findAllByRole('article');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Condition' }), 'Used');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(searchOf().toString()).toBe('condition=used'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: low to high');
    await waitFor(() => expect(searchOf().toString()).toBe('condition=used&sort=price_asc'));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(searchOf().toString()).toBe('condition=used'));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(searchOf().toString()).toBe(''));
    expect(valueOf(screen.getByRole('combobox', { name: 'Condition' }))).toBe('');
  });

  it('reads filters and sort from the URL, ignoring invalid values', async () => {
    const api = mockCarsApi({ pagesFor: () => [[createCarCard()]] });
    restore = api.restore;
    renderPage(
      '/cars?brand=Toyota&model=Camry&yearMin=abc&yearMax=2024&priceMax=30000&condition=used&available=false&sort=price_asc&mileageMax=-1',
    );
    await screen.findAllByRole('article');
    expect(carsRequests(api.calls)).toEqual([
      {
        page: '1',
        limit: '20',
        brand: 'Toyota',
        model: 'Camry',
        yearMax: '2024',
        priceMax: '30000',
        condition: 'used',
        available: 'false',
        sort: 'price_asc',
      },
    ]);
    await waitFor(() => expect(valueOf(screen.getByRole('combobox', { name: 'Brand' }))).toBe('Toyota'));
    await waitFor(() => expect(valueOf(screen.getByRole('combobox', { name: 'Model' }))).toBe('Camry'));
    expect(valueOf(screen.getByRole('spinbutton', { name: 'Year from' }))).toBe('');
    expect(valueOf(screen.getByRole('spinbutton', { name: 'Year to' }))).toBe('2024');
    expect(valueOf(screen.getByRole('spinbutton', { name: 'Price to, $' }))).toBe('30000');
    expect(valueOf(screen.getByRole('combobox', { name: 'Condition' }))).toBe('used');
    expect(checkedOf(screen.getByRole('switch', { name: 'Available only' }))).toBe(false);
    expect(valueOf(screen.getByRole('combobox', { name: 'Sort by' }))).toBe('price_asc');
  });

  it('Apply writes the form to the URL, leaving empty fields out', async () => {
    const api = mockCarsApi({ pagesFor: () => [[createCarCard()]] });
    restore = api.restore;
    renderPage();
    await screen.findAllByRole('article');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Year from' }), '2019');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Mileage to, mi' }), '40000');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Condition' }), 'New');
    await userEvent.click(screen.getByRole('switch', { name: 'Available only' }));
    // Nothing is committed until Apply.
    expect(searchOf().toString()).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(searchOf().toString()).toBe('yearMin=2019&mileageMax=40000&condition=new&available=false'));
    await waitFor(() =>
      expect(carsRequests(api.calls).at(-1)).toEqual({
        page: '1',
        limit: '20',
        yearMin: '2019',
        mileageMax: '40000',
        condition: 'new',
        available: 'false',
        sort: 'default',
      }),
    );
  });

  it('sort applies at once and keeps the filters', async () => {
    const api = mockCarsApi({ pagesFor: () => [[createCarCard()]] });
    restore = api.restore;
    renderPage('/cars?brand=Honda');
    await screen.findAllByRole('article');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Default',
      'Price: low to high',
      'Price: high to low',
      'Date added',
      'Year: oldest first',
      'Year: newest first',
      'Mileage: low to high',
      'Mileage: high to low',
    ]);
    await userEvent.selectOptions(sort, 'Price: low to high');
    await waitFor(() => expect(searchOf().toString()).toBe('brand=Honda&sort=price_asc'));
    await waitFor(() => expect(carsRequests(api.calls).at(-1)).toMatchObject({ page: '1', brand: 'Honda', sort: 'price_asc' }));
  });

  it('Reset clears the URL and the form', async () => {
    restore = mockCarsApi({ pagesFor: () => [[createCarCard()]] }).restore;
    renderPage('/cars?brand=Ford&priceMin=10000&sort=year_desc');
    await screen.findAllByRole('article');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Year to' }), '2020');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(searchOf().toString()).toBe(''));
    expect(valueOf(screen.getByRole('combobox', { name: 'Brand' }))).toBe('');
    expect(valueOf(screen.getByRole('spinbutton', { name: 'Price from, $' }))).toBe('');
    expect(valueOf(screen.getByRole('spinbutton', { name: 'Year to' }))).toBe('');
    expect(valueOf(screen.getByRole('combobox', { name: 'Sort by' }))).toBe('default');
    expect(checkedOf(screen.getByRole('switch', { name: 'Available only' }))).toBe(true);
  });

  it('every control has a visible label', async () => {
    restore = mockCarsApi({ pagesFor: () => [[createCarCard()]] }).restore;
    renderPage();
    await screen.findAllByRole('article');
    const controls = [...screen.getAllByRole('combobox'), ...screen.getAllByRole('spinbutton'), screen.getByRole('switch')];
    expect(controls).toHaveLength(11);
    for (const control of controls) {
      const labelId = control.getAttribute('aria-labelledby');
      const label = labelId ? document.getElementById(labelId) : null;
      expect(label?.tagName).toBe('LABEL');
      expect(label?.textContent).not.toBe('');
    }
  });
});

describe('Available Cars: favourites', () => {
  it('turns on at once and stays on when the server agrees', async () => {
    const car = createCarCard({ year: 2022, brand: 'Ford', model: 'Mustang', trim: 'GT' });
    const answer = deferred<void>();
    const api = mockCarsApi({
      pagesFor: () => [[car]],
      extra: {
        'POST /api/viewed-cars/toggle-favorite': async ({ body }) => {
          await answer.promise;
          return { car_uuid: (body as { car_uuid: string }).car_uuid, is_favorite: true };
        },
      },
    });
    restore = api.restore;
    renderPage();
    const card = await screen.findByRole('article', { name: '2022 Ford Mustang GT' });
    await userEvent.click(within(card).getByRole('button', { name: 'Add to favourites' }));
    // Optimistic: pressed before the server has answered.
    expect(within(card).getByRole('button', { name: 'Remove from favourites' }).getAttribute('aria-pressed')).toBe('true');
    answer.resolve();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ car_uuid: car.uuid });
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Remove from favourites' }).getAttribute('aria-pressed')).toBe('true'),
    );
  });

  it('rolls back and says so when the server fails', async () => {
    const car = createCarCard({ is_favorite: true });
    const answer = deferred<void>();
    restore = mockCarsApi({
      pagesFor: () => [[car]],
      extra: {
        'POST /api/viewed-cars/toggle-favorite': async () => {
          await answer.promise;
          return json(500, { error: { code: 'internal', message: 'boom' } });
        },
      },
    }).restore;
    renderPage();
    const button = await screen.findByRole('button', { name: 'Remove from favourites' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Add to favourites' })).toBe(button);
    answer.resolve();
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    const message = await screen.findByText('Could not update favourites. Please try again.');
    expect(message.closest('[role="alert"]')).not.toBeNull();
  });
});

describe('Available Cars: certified pre-owned', () => {
  it('labels a certified car "Certified pre-owned" on its card, and a plain used car "Used"', async () => {
    const certified = createCarCard({ brand: 'Honda', model: 'Accord', trim: 'EX', year: 2021, certified: true });
    const used = createCarCard({ brand: 'Ford', model: 'Escape', trim: 'SE', year: 2020 });
    restore = mockCarsApi({ pagesFor: () => [[certified, used]] }).restore;
    renderPage();
    const [first, second] = await screen.findAllByRole('article');
    expect(within(first!).getByText('Certified pre-owned')).toBeTruthy();
    expect(within(first!).queryByText('Used')).toBeNull();
    expect(within(second!).getByText('Used')).toBeTruthy();
  });

  it('filters by certified pre-owned, through the URL and the request', async () => {
    const api = mockCarsApi({ pagesFor: () => [[createCarCard({ certified: true })]] });
    restore = api.restore;
    renderPage();
    await screen.findAllByRole('article');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Condition' }), 'Certified pre-owned');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(searchOf().toString()).toBe('condition=certified'));
    await waitFor(() => expect(carsRequests(api.calls).at(-1)).toMatchObject({ condition: 'certified' }));
    expect(screen.getByRole('button', { name: 'Remove filter: Certified pre-owned' })).toBeTruthy();
  });
});
