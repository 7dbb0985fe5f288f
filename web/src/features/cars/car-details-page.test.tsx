import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/toasts.tsx';
import { WebMainButton } from '../../components/web-main-button.tsx';
import { createWebHost } from '../../host/web-host.ts';
import { getCarQueryOptions } from '../../lib/api/get-car.ts';
import { activateLanguage } from '../../lib/i18n.ts';
import { draftCarIdAtom } from '../../lib/application-draft.ts';
import { useHasApplied } from '../../lib/api/get-my-application.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { getCarsQueryOptions } from './api/get-cars.ts';
import CarDetailsPage from './car-details-page.tsx';
import { DEFAULT_CAR_FILTERS } from './car-list.ts';
import CarsPage from './cars-page.tsx';
import { cardOf, createCar } from './test/car-factory.ts';
import { LocationProbe, deferred, resetToastsAfterEach, json, mockCarsApi, valueOf } from './test/helpers.tsx';
import type { CarItem } from '../../../../domain/contracts/cars.ts';

resetToastsAfterEach();

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

const electric = createCar({
  year: 2023,
  brand: 'Chevrolet',
  model: 'Bolt EUV',
  trim: 'Premier',
  price: 27_800,
  mileage: 4_100,
  condition: 'used',
  bodyStyle: 'hatchback',
  exteriorColor: 'Summit White',
  interiorColor: 'Jet Black',
  vin: '1G1FZ6S00P4000001',
  transmission: 'Single-speed',
  drivetrain: 'FWD',
  fuelType: 'Electric',
  engine: '65 kWh electric motor',
  mpgCity: 125,
  mpgHighway: 104,
  features: ['Super Cruise', 'Heated seats'],
  description: 'Quiet, quick and cheap to run.',
  photos: [
    '/media/cars/hatchback/studio.svg?color=ffffff',
    '/media/cars/hatchback/street.svg?color=ffffff',
    '/media/cars/hatchback/dusk.svg?color=ffffff',
  ],
});

function mockCar(car: CarItem, extra: NonNullable<Parameters<typeof mockCarsApi>[0]>['extra'] = {}) {
  const api = mockCarsApi({
    pagesFor: () => [[cardOf(car)]],
    extra: {
      [`GET /api/cars/${car.uuid}`]: () => car,
      'POST /api/viewed-cars': () => car,
      ...extra,
    },
  });
  restore = api.restore;
  return api;
}

/** What the page has learnt of whether the visitor has applied, rendered from the same query. */
function AppliedProbe() {
  return <output data-testid="applied" data-applied={String(useHasApplied())} />;
}

function renderDetails(route: string, host = createWebHost()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route
          path="/cars/:uuid"
          element={
            <>
              <CarDetailsPage />
              <WebMainButton />
            </>
          }
        />
        <Route path="/cars" element={<CarsPage />} />
        <Route path="/application" element={<h1>Application</h1>} />
      </Routes>
      <LocationProbe />
      <AppliedProbe />
      <Toaster />
    </>,
    { route, host },
  );
}

const estimateSection = () => screen.getByRole('region', { name: 'Payment estimate' });
const monthly = () => within(estimateSection()).getByRole('status', { name: 'Estimated monthly payment' }).textContent;

describe('Car details', () => {
  it('shows the car: name, price, miles, badges, specs, features, description', async () => {
    mockCar(electric);
    renderDetails(`/cars/${electric.uuid}`);
    expect(await screen.findByRole('heading', { level: 1, name: '2023 Chevrolet Bolt EUV Premier' })).toBeTruthy();
    expect(screen.getAllByText('$27,800').length).toBeGreaterThan(0);
    expect(screen.getAllByText('4,100 mi').length).toBeGreaterThan(0);
    const specs = within(screen.getByRole('region', { name: 'Key specs' }));
    const spec = (label: string) => specs.getByText(label).nextElementSibling?.textContent;
    expect(spec('Body style')).toBe('Hatchback');
    expect(spec('Exterior colour')).toBe('Summit White');
    expect(spec('Interior colour')).toBe('Jet Black');
    expect(spec('VIN')).toBe('1G1FZ6S00P4000001');
    expect(spec('Transmission')).toBe('Single-speed');
    expect(spec('Drivetrain')).toBe('Front-wheel drive (FWD)');
    expect(spec('Fuel')).toBe('Electric');
    expect(spec('Engine')).toBe('65 kWh electric motor');
    // Electric cars are rated in MPGe.
    expect(spec('City / highway MPGe')).toBe('125 / 104');
    expect(specs.queryByText('City / highway MPG')).toBeNull();
    const features = within(screen.getByRole('region', { name: 'Features' }));
    expect(features.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Super Cruise', 'Heated seats']);
    expect(screen.getByText('Quiet, quick and cheap to run.')).toBeTruthy();
    const summary = within(screen.getByRole('heading', { level: 1 }).parentElement!);
    expect(summary.getByText('Used')).toBeTruthy();
    expect(summary.getByText('Available')).toBeTruthy();
  });

  it('in Spanish, names the transmission, drivetrain, fuel and body style in Spanish, with prices as written in the US', async () => {
    mockCar(electric);
    renderDetails(`/cars/${electric.uuid}`);
    await screen.findByRole('heading', { level: 1 });
    await act(() => activateLanguage('es'));
    const specs = within(await screen.findByRole('region', { name: 'Especificaciones principales' }));
    const spec = (label: string) => specs.getByText(label).nextElementSibling?.textContent;
    expect(spec('Transmisión')).toBe('De una velocidad');
    expect(spec('Tracción')).toBe('Tracción delantera (FWD)');
    expect(spec('Combustible')).toBe('Eléctrico');
    expect(spec('Tipo de carrocería')).toBe('Hatchback');
    expect(screen.getAllByText('$27,800').length).toBeGreaterThan(0);
    await act(() => activateLanguage('en'));
  });

  it('labels fuel economy MPG for a petrol car', async () => {
    const car = createCar({ fuelType: 'Gasoline', mpgCity: 28, mpgHighway: 39 });
    mockCar(car);
    renderDetails(`/cars/${car.uuid}`);
    const specs = within(await screen.findByRole('region', { name: 'Key specs' }));
    expect(specs.getByText('City / highway MPG').nextElementSibling?.textContent).toBe('28 / 39');
  });

  it('records the view once, and a failure stays invisible', async () => {
    const api = mockCar(electric, { 'POST /api/viewed-cars': () => json(500, { error: { code: 'internal', message: 'nope' } }) });
    const { queryClient } = renderDetails(`/cars/${electric.uuid}`);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/viewed-cars')).toHaveLength(1));
    expect(api.calls.find((c) => c.url.pathname === '/api/viewed-cars')?.body).toEqual({ carUuid: electric.uuid });
    // The page has had the failure (its error handlers have run) before it is looked at.
    await waitFor(() =>
      expect(
        queryClient
          .getMutationCache()
          .getAll()
          .map((mutation) => mutation.state.status),
      ).toContain('error'),
    );
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
  });

  it('shows Loading... and then Error: {error} for a server failure', async () => {
    const answer = deferred<Response>();
    restore = mockCarsApi({ extra: { [`GET /api/cars/${electric.uuid}`]: () => answer.promise } }).restore;
    renderDetails(`/cars/${electric.uuid}`);
    expect(await screen.findByText('Loading...')).toBeTruthy();
    answer.resolve(json(500, { error: { code: 'internal', message: 'boom' } }));
    expect(await screen.findByText('Error: 500')).toBeTruthy();
  });

  it('says so when the car does not exist, with a way back', async () => {
    const unknown = '00000000-0000-4000-8000-999999999999';
    const api = mockCarsApi({
      extra: { [`GET /api/cars/${unknown}`]: () => json(404, { error: { code: 'not_found', message: 'No car with this id.' } }) },
    });
    restore = api.restore;
    renderDetails(`/cars/${unknown}`);
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find this car" })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to cars/ }).getAttribute('href')).toBe('/cars');
    expect(api.calls.some((c) => c.url.pathname === '/api/viewed-cars')).toBe(false);
  });

  it('treats a malformed id as not found without asking the server', async () => {
    const api = mockCarsApi();
    restore = api.restore;
    renderDetails('/cars/not-a-uuid');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find this car" })).toBeTruthy();
    expect(api.calls.filter((c) => c.url.pathname.startsWith('/api/cars/not'))).toEqual([]);
  });

  it('"Back to cars" returns to the list with the filters it came from', async () => {
    mockCar(electric);
    renderDetails('/cars?brand=Chevrolet&sort=price_asc');
    await userEvent.click(await screen.findByRole('link', { name: '2023 Chevrolet Bolt EUV Premier' }));
    await userEvent.click(await screen.findByRole('link', { name: /Back to cars/ }));
    await waitFor(() => expect(screen.getByTestId('location').dataset.search).toBe('?brand=Chevrolet&sort=price_asc'));
  });

  it('Apply for financing puts the car in the application draft and opens /application', async () => {
    mockCar(electric);
    const { store } = renderDetails(`/cars/${electric.uuid}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for financing' }));
    await waitFor(() => expect(screen.getByTestId('location').dataset.pathname).toBe('/application'));
    expect(store.get(draftCarIdAtom)).toBe(electric.uuid);
  });

  it('someone who has applied is offered their application, which opens with this car', async () => {
    mockCar(electric, {
      'GET /api/me': () => ({ user: { id: 5 }, isAdmin: false, via: 'guest' }),
      'GET /api/applications/mine': () => ({ id: 12, status: 'in_review' }),
    });
    const { store } = renderDetails(`/cars/${electric.uuid}`);
    // It waits for two answers (who is asking, then their application).
    await userEvent.click(await screen.findByRole('button', { name: 'See your application' }, { timeout: 3000 }));
    await waitFor(() => expect(screen.getByTestId('location').dataset.pathname).toBe('/application'));
    expect(screen.getByTestId('location').dataset.search).toBe(`?car=${electric.uuid}`);
    expect(screen.queryByRole('button', { name: 'Apply for financing' })).toBeNull();
    // The submitted application's car is not swapped behind the applicant's back.
    expect(store.get(draftCarIdAtom)).toBe('');
  });

  it('a car whose sale is pending shows its badge, offers no Apply, and says why', async () => {
    const pending = createCar({ status: 'unavailable', listingState: 'pending' });
    const api = mockCar(pending);
    renderDetails(`/cars/${pending.uuid}`);
    expect(await screen.findByText('A sale of this car is pending, so it cannot be financed now.')).toBeTruthy();
    expect(screen.getByText('Sale pending')).toBeTruthy();
    // Once the server has said this visitor has not applied, the button would have appeared.
    await waitFor(() => expect(api.calls.some((call) => call.url.pathname === '/api/me')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('applied').dataset.applied).toBe('false'));
    expect(screen.queryByRole('button', { name: 'Apply for financing' })).toBeNull();
    expect(api.calls.some((call) => call.url.pathname.endsWith('/similar'))).toBe(false);
  });

  it('a sold car says it has been sold, offers no Apply, and shows similar cars for sale', async () => {
    const sold = createCar({ status: 'unavailable', listingState: 'sold' });
    const alike = createCar({ brand: 'Kia', model: 'Niro', trim: 'EX', year: 2022 });
    const api = mockCar(sold, { [`GET /api/cars/${sold.uuid}/similar`]: () => ({ items: [cardOf(alike)] }) });
    renderDetails(`/cars/${sold.uuid}`);
    expect(await screen.findByText('This car has been sold.')).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Similar cars for sale' });
    expect(await within(section).findByRole('link', { name: '2022 Kia Niro EX' })).toBeTruthy();
    expect(screen.getByText('Sold')).toBeTruthy();
    await waitFor(() => expect(api.calls.some((call) => call.url.pathname === '/api/me')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('applied').dataset.applied).toBe('false'));
    expect(screen.queryByRole('button', { name: 'Apply for financing' })).toBeNull();
  });

  it('shares the car link through the host', async () => {
    mockCar(electric);
    const host = { ...createWebHost(), share: vi.fn(async () => undefined) };
    renderDetails(`/cars/${electric.uuid}`, host);
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(host.share).toHaveBeenCalledWith({
      url: `${window.location.origin}/cars/${electric.uuid}`,
      text: '2023 Chevrolet Bolt EUV Premier for $27,800',
    });
  });

  it('favourite toggle updates the details and the cached lists', async () => {
    mockCar(electric, {
      'POST /api/viewed-cars/toggle-favorite': () => ({ car_uuid: electric.uuid, is_favorite: true }),
    });
    const { queryClient } = renderDetails(`/cars/${electric.uuid}`);
    const list = getCarsQueryOptions(DEFAULT_CAR_FILTERS);
    queryClient.setQueryData(list.queryKey, {
      pages: [{ items: [cardOf(electric)], total: 1, page: 1, limit: 20, totalPages: 1 }],
      pageParams: [1],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to favourites' }));
    expect(screen.getByRole('button', { name: 'Remove from favourites' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(queryClient.getQueryData(list.queryKey)?.pages[0]?.items[0]?.is_favorite).toBe(true));
    expect(queryClient.getQueryData(getCarQueryOptions(electric.uuid).queryKey)?.is_favorite).toBe(true);
  });
});

describe('Photo gallery', () => {
  it('switches photos with thumbnails, buttons and arrow keys', async () => {
    mockCar(electric);
    renderDetails(`/cars/${electric.uuid}`);
    const gallery = within(await screen.findByRole('region', { name: 'Photos' }));
    const main = () => gallery.getByRole('img', { name: /2023 Chevrolet Bolt EUV Premier/ });
    expect(main().getAttribute('src')).toBe(electric.photos[0]);
    expect(main().getAttribute('alt')).toBe('2023 Chevrolet Bolt EUV Premier — Photo 1 of 3');

    await userEvent.click(gallery.getByRole('button', { name: 'Photo 3 of 3' }));
    expect(main().getAttribute('src')).toBe(electric.photos[2]);
    expect(gallery.getByRole('button', { name: 'Photo 3 of 3' }).getAttribute('aria-current')).toBe('true');

    await userEvent.click(gallery.getByRole('button', { name: 'Next photo' }));
    expect(main().getAttribute('src')).toBe(electric.photos[0]);

    // Keyboard: Tab reaches the current thumbnail, arrows move photo and focus together.
    const first = gallery.getByRole('button', { name: 'Photo 1 of 3' });
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(main().getAttribute('src')).toBe(electric.photos[1]);
    expect(document.activeElement).toBe(gallery.getByRole('button', { name: 'Photo 2 of 3' }));
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(main().getAttribute('src')).toBe(electric.photos[2]);
    await userEvent.keyboard('{Home}');
    expect(main().getAttribute('src')).toBe(electric.photos[0]);
    expect(gallery.getByRole('button', { name: 'Photo 2 of 3' }).getAttribute('tabindex')).toBe('-1');
  });
});

describe('Payment estimate', () => {
  async function openEstimate(car: CarItem = createCar({ price: 30_000 })) {
    mockCar(car);
    renderDetails(`/cars/${car.uuid}`);
    await screen.findByRole('region', { name: 'Payment estimate' });
    const field = (name: string) => within(estimateSection()).getByRole('textbox', { name });
    return { field, term: () => within(estimateSection()).getByRole('combobox', { name: 'Term' }) };
  }

  async function setField(input: HTMLElement, text: string) {
    await userEvent.clear(input);
    if (text) await userEvent.type(input, text);
  }

  it('prefills the car price and shows an estimate with the disclaimer', async () => {
    const { field, term } = await openEstimate();
    expect(valueOf(field('Vehicle price, $'))).toBe('30000');
    expect(valueOf(field('Down payment, $'))).toBe('3000');
    expect(valueOf(field('APR, %'))).toBe('7.5');
    expect(valueOf(term())).toBe('60');
    // 27,000 at 7.5 % over 60 months.
    expect(monthly()).toBe('$541.02');
    expect(screen.getByText('Estimate only. Your actual rate and payment depend on credit approval.')).toBeTruthy();
  });

  it.each([
    { down: '0', apr: '6', term: '60', expected: '$579.98' },
    { down: '5000', apr: '6', term: '60', expected: '$483.32' },
    { down: '0', apr: '0', term: '24', expected: '$1,250.00' },
    { down: '6000', apr: '0', term: '48', expected: '$500.00' },
    { down: '30000', apr: '9', term: '84', expected: '$0.00' },
  ])('down $down, APR $apr %, $term months → $expected', async ({ down, apr, term, expected }) => {
    const { field, term: termSelect } = await openEstimate();
    await setField(field('Down payment, $'), down);
    await setField(field('APR, %'), apr);
    await userEvent.selectOptions(termSelect(), term);
    expect(monthly()).toBe(expected);
  });

  it('offers terms from 24 to 84 months in steps of 12', async () => {
    const { term } = await openEstimate();
    expect(
      within(term())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['24 months', '36 months', '48 months', '60 months', '72 months', '84 months']);
  });

  it('updates as you type, and explains when the input is not a loan', async () => {
    const { field } = await openEstimate();
    const down = field('Down payment, $');
    await userEvent.clear(down);
    // Each keystroke recomputes: 30,000 → 29,999 … as digits are typed.
    await userEvent.type(down, '1');
    expect(monthly()).toBe('$601.12');
    await userEvent.type(down, '0000');
    expect(monthly()).toBe('$400.76');
    fireEvent.change(field('APR, %'), { target: { value: 'abc' } });
    expect(monthly()).toBe('—');
    expect(screen.getByText('Enter the price, down payment and APR to see an estimate.')).toBeTruthy();
  });
});
