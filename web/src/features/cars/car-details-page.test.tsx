import { act, screen, waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
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
import { renderWithProviders, json } from '../../test/render.tsx';
import { getCarsQueryOptions } from './api/get-cars.ts';
import CarDetailsPage from './car-details-page.tsx';
import { DEFAULT_CAR_FILTERS } from './car-list.ts';
import CarsPage from './cars-page.tsx';
import { cardOf, createCar } from './test/car-factory.ts';
import { LocationProbe, checkedOf, deferred, resetToastsAfterEach, mockCarsApi, valueOf } from './test/helpers.tsx';
import type { CarItem } from '../../../../domain/contracts/cars.ts';
import type { DealQuoteRequest, DealSettingsAnswer } from '../../../../domain/contracts/deals.ts';
import { quoteDeal } from '../../../../domain/deals/deal-calculator.ts';
import { dealInputSchema, type DealInput } from '../../../../domain/deals/deal-input.schema.ts';
import type { DealQuote } from '../../../../domain/deals/deal-quote.schema.ts';
import { exampleDealSettings, FINANCE_TERMS, LEASE_MILEAGES, LEASE_TERMS } from '../../../../domain/deals/deal-settings.ts';
import { formatMoment } from '../../../../domain/date-time.ts';
import { formatCents, formatMoney, formatPercent } from '../../../../domain/format.ts';

resetToastsAfterEach();

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
  // The deal builder writes its choice into the address (components/deal-builder.tsx).
  window.history.replaceState(null, '', '/');
});

/** The seeded settings of a dealer in Texas: TX has a tax rule, every other state has none. */
const DEAL_SETTINGS = exampleDealSettings('TX');
const DEAL_SETTINGS_ANSWER: DealSettingsAnswer = {
  version: 1,
  settings: DEAL_SETTINGS,
  financeTerms: [...FINANCE_TERMS],
  leaseTerms: [...LEASE_TERMS],
  leaseMileages: [...LEASE_MILEAGES],
  taxedStates: ['TX'],
};

/** The quote the server's calculator gives for this car and deal (server/src/deals/deals.service.ts). */
function serverQuote(car: CarItem, deal: unknown) {
  const dealCar = {
    id: car.uuid,
    make: car.brand,
    stockNumber: 'S1',
    priceCents: car.price * 100,
    msrpCents: car.msrp === null ? null : car.msrp * 100,
  };
  const outcome = quoteDeal(dealCar, v.parse(dealInputSchema, deal), DEAL_SETTINGS);
  if (outcome.ok) return { settingsVersion: 1, quote: outcome.quote };
  const field = `deal.${outcome.field}`;
  return json(400, {
    error: { code: 'bad_request', message: `Invalid deal: ${field}: ${outcome.message}`, fields: { [field]: outcome.message } },
  });
}

function expectedQuote(car: CarItem, deal: Partial<DealInput>): DealQuote {
  const answer = serverQuote(car, { zip: '75201', ...deal });
  if (answer instanceof Response) throw new Error('the deal is refused');
  return answer.quote;
}

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
      'GET /api/deal-settings': () => DEAL_SETTINGS_ANSWER,
      'POST /api/deals/quote': ({ body }) => serverQuote(car, (body as DealQuoteRequest).deal),
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

describe('Visits and holds', () => {
  const SITE = {
    company: { name: 'Dealer', address: '', phone: '', email: '', socialLinks: [] },
    botUsername: 'DealerBot',
    telegramLoginEnabled: false,
    timeZone: 'America/Chicago',
  };
  const UNTIL = '2027-01-12T18:00:00.000Z';
  const until = formatMoment(UNTIL, 'en', 'America/Chicago', 'compact');

  it('an available car offers a test drive and a hold beside Apply, which carry the page’s deal to the booking', async () => {
    const car = createCar();
    mockCar(car, { 'GET /api/site': () => SITE });
    renderDetails(`/cars/${car.uuid}?deal=cash&zip=75201`);
    expect(await screen.findByRole('button', { name: 'Apply for financing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hold this car for me' }).getAttribute('href')).toBe(
      `/cars/${car.uuid}/visit?deal=cash&zip=75201&type=hold`,
    );
    // The deal builder writes the address as the shopper types (without a navigation).
    window.history.replaceState(null, '', `/cars/${car.uuid}?deal=cash&zip=10001`);
    await userEvent.click(screen.getByRole('link', { name: 'Book a test drive' }));
    await waitFor(() => expect(screen.getByTestId('location').dataset.pathname).toBe(`/cars/${car.uuid}/visit`));
    expect(screen.getByTestId('location').dataset.search).toBe('?deal=cash&zip=10001&type=test_drive');
  });

  it('a car another shopper holds shows On hold until when, with no Apply and no booking', async () => {
    const car = createCar({ hold: { until: UNTIL, yours: false } });
    const api = mockCar(car, { 'GET /api/site': () => SITE });
    renderDetails(`/cars/${car.uuid}`);
    expect(await screen.findByText(`On hold until ${until}`)).toBeTruthy();
    expect(screen.getByText('Another shopper is holding this car, so it cannot be booked or financed until the hold ends.')).toBeTruthy();
    expect(screen.queryByText('Available')).toBeNull();
    await waitFor(() => expect(api.calls.some((call) => call.url.pathname === '/api/me')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('applied').dataset.applied).toBe('false'));
    expect(screen.queryByRole('button', { name: 'Apply for financing' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Book a test drive' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Hold this car for me' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Apply with this deal' })).toBeNull();
  });

  it('the shopper who holds the car sees it held for them until when, and may still apply', async () => {
    const car = createCar({ hold: { until: UNTIL, yours: true } });
    mockCar(car, { 'GET /api/site': () => SITE });
    renderDetails(`/cars/${car.uuid}`);
    expect(await screen.findByText(`Held for you until ${until}`)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Apply for financing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a test drive' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My visits' }).getAttribute('href')).toBe('/visits');
    expect(screen.queryByRole('link', { name: 'Hold this car for me' })).toBeNull();
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

describe('Deal builder', () => {
  const builder = () => within(screen.getByRole('region', { name: 'Your deal' }));
  const headline = (name: string) => builder().getByRole('status', { name }).textContent;
  const disclosure = () => builder().getByText(/ APR\.|^Lease:|^Tax and government fees/).textContent;
  const line = (label: string) => builder().getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
  const quoteCalls = (api: ReturnType<typeof mockCar>) =>
    api.calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/deals/quote');

  async function openBuilder(car: CarItem, search = '') {
    const api = mockCar(car);
    const view = renderDetails(`/cars/${car.uuid}${search}`);
    await screen.findByRole('radio', { name: 'Finance' });
    return { api, view };
  }

  async function type(name: string, text: string) {
    const input = builder().getByRole('textbox', { name });
    await userEvent.clear(input);
    await userEvent.type(input, text);
  }

  it('prices a finance deal once the ZIP and credit are given, with the payment’s disclosure and every line', async () => {
    const car = createCar({ price: 30_000 });
    const { api } = await openBuilder(car);
    expect(builder().getByText('Enter your ZIP code to see your deal.')).toBeTruthy();
    await userEvent.selectOptions(builder().getByRole('combobox', { name: 'Your credit' }), 'Good 660–719');
    await type('ZIP code', '75201');
    const first = expectedQuote(car, { type: 'finance', tierId: 'good', termMonths: 60 });
    if (first.type !== 'finance') throw new Error('a finance quote');
    await waitFor(() => expect(headline('Monthly payment')).toBe(formatCents(first.paymentCents)));
    await type('Cash down, $', '3,000');
    const quote = expectedQuote(car, { type: 'finance', tierId: 'good', termMonths: 60, cashDownCents: 300_000 });
    if (quote.type !== 'finance' || !quote.tax.included) throw new Error('a taxed finance quote');
    await waitFor(() => expect(headline('Monthly payment')).toBe(formatCents(quote.paymentCents)));
    expect(disclosure()).toBe(
      `$3,000 down, 60 monthly payments of ${formatMoney(quote.paymentCents / 100)} at 7.49% APR. Total of payments ${formatMoney(quote.totalOfPaymentsCents / 100)}.`,
    );
    expect(line('Price')).toBe('$30,000.00');
    expect(line('Doc fee')).toBe('$499.00');
    expect(line('Government fees (title, registration)')).toBe('$350.00');
    expect(line('Taxable amount')).toBe(formatCents(quote.tax.taxableCents));
    expect(line('Tax (6.25%)')).toBe(formatCents(quote.tax.taxCents));
    expect(line('Cash down')).toBe('$3,000.00');
    expect(line('Amount financed')).toBe(formatCents(quote.amountFinancedCents));
    expect(line('APR')).toBe('7.49%');
    expect(line('Number of payments')).toBe('60');
    expect(line('Finance charge')).toBe(formatCents(quote.financeChargeCents));
    expect(screen.getByText('Estimate only. Your actual rate and payment depend on credit approval.')).toBeTruthy();
    // Typing waits for a pause: one quote for the ZIP, one for the down payment, none for the keystrokes between.
    expect(quoteCalls(api).map((call) => (call.body as DealQuoteRequest).deal.cashDownCents)).toEqual([0, 300_000]);
  });

  it('a lease shows what is due at signing, its disclosures and the end-of-term charges', async () => {
    const car = createCar({ price: 32_000, msrp: 34_000 });
    await openBuilder(car, '?deal=lease&zip=75201&tier=good&term=36&miles=12000');
    const quote = expectedQuote(car, { type: 'lease', tierId: 'good', termMonths: 36, milesPerYear: 12_000 });
    if (quote.type !== 'lease') throw new Error('a lease quote');
    await waitFor(() => expect(headline('Monthly payment')).toBe(formatCents(quote.paymentCents)));
    expect(line('Due at signing')).toBe(formatCents(quote.dueAtSigningCents));
    expect(line('Residual value (56% of MSRP)')).toBe(formatCents(quote.residualCents));
    expect(line('Disposition fee at the end')).toBe('$395.00');
    expect(line('Excess mileage charge a mile')).toBe('$0.25');
    expect(builder().getByText(/^Lease:/).textContent).toBe(
      `Lease: ${formatMoney(quote.dueAtSigningCents / 100)} due at signing, 36 monthly payments of ${formatMoney(quote.paymentCents / 100)}. ` +
        'No security deposit. At the end: $395 disposition fee and $0.25 a mile over 36,000 miles.',
    );
    expect(checkedOf(builder().getByRole('radio', { name: 'Lease' }))).toBe(true);
  });

  it('offers no lease for a car without an MSRP, and says why', async () => {
    await openBuilder(createCar({ msrp: null }), '?deal=lease');
    const lease = builder().getByRole('radio', { name: 'Lease', description: 'This car has no MSRP, so it cannot be leased here.' });
    expect((lease as HTMLInputElement).disabled).toBe(true);
    expect(checkedOf(builder().getByRole('radio', { name: 'Finance' }))).toBe(true);
  });

  it('in a state with no tax rule, says tax and fees are not included wherever a total is shown', async () => {
    const car = createCar({ price: 20_000 });
    await openBuilder(car, '?deal=cash&zip=98101');
    const quote = expectedQuote(car, { type: 'cash', zip: '98101' });
    if (quote.type !== 'cash') throw new Error('a cash quote');
    await waitFor(() => expect(headline('Amount due')).toBe(formatCents(quote.amountDueCents)));
    expect(disclosure()).toBe('Tax and government fees are not included: we confirm them for Washington.');
    expect(line('Tax')).toBe('Not included: we confirm it for Washington.');
    expect(line('Government fees (title, registration)')).toBe('Not included: we confirm it for Washington.');
    // Cash has no separate down payment, term or credit to choose.
    expect(builder().queryByRole('textbox', { name: 'Cash down, $' })).toBeNull();
    expect(builder().queryByRole('combobox', { name: 'Your credit' })).toBeNull();
  });

  it('shows the server’s refusal under the field it names, and the last good quote while the next one loads', async () => {
    const car = createCar({ price: 25_000 });
    const answer = deferred<Response>();
    let hold = false;
    const api = mockCar(car, {
      'POST /api/deals/quote': async ({ body }) => (hold ? answer.promise : serverQuote(car, (body as DealQuoteRequest).deal)),
    });
    renderDetails(`/cars/${car.uuid}?deal=cash&zip=75201`);
    const good = expectedQuote(car, { type: 'cash' });
    if (good.type !== 'cash') throw new Error('a cash quote');
    await waitFor(() => expect(headline('Amount due')).toBe(formatCents(good.amountDueCents)));

    hold = true;
    await type('ZIP code', '00901');
    await waitFor(() => expect(quoteCalls(api)).toHaveLength(2));
    expect(headline('Amount due')).toBe(formatCents(good.amountDueCents));
    expect(builder().getByText('Updating...')).toBeTruthy();

    answer.resolve(serverQuote(car, (quoteCalls(api)[1]!.body as DealQuoteRequest).deal) as Response);
    const zip = builder().getByRole('textbox', { name: 'ZIP code' });
    await waitFor(() => expect(zip.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(zip.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('We sell to the 50 states and DC: this ZIP code is outside them.');
    expect(builder().queryByRole('status')).toBeNull();
    expect(builder().getByText('Correct the marked field to see your deal.')).toBeTruthy();
  });

  it('says so under the field when an amount is not one, without asking the server', async () => {
    const car = createCar();
    const { api } = await openBuilder(car, '?zip=75201&tier=good');
    await waitFor(() => expect(quoteCalls(api)).toHaveLength(1));
    await type('Trade-in value, $', 'lots');
    const trade = builder().getByRole('textbox', { name: 'Trade-in value, $' });
    expect(document.getElementById(trade.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter an amount in dollars, such as 3,000.',
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(quoteCalls(api)).toHaveLength(1);
  });

  it('takes an accepted trade-in offer as the deal’s trade, locked, and prices what is still owed beyond it', async () => {
    const car = createCar({ price: 30_000 });
    const api = mockCar(car, {
      'GET /api/me': () => ({ user: { id: 5 }, isAdmin: false, via: 'guest' }),
      'GET /api/trade-ins/mine': () => ({
        id: 3,
        status: 'accepted',
        draft: { vin: null, year: 2015, make: 'Honda', model: 'Civic', trim: 'EX', mileage: 84_000, ownership: 'financed' },
        accepted: { offerId: 11, allowanceCents: 800_000, payoffCents: 1_000_000 },
      }),
    });
    renderDetails(`/cars/${car.uuid}?zip=75201&tier=good&trade=100`);
    await screen.findByRole('radio', { name: 'Finance' });
    expect(await builder().findByText('Your trade-in: 2015 Honda Civic EX, offer $8,000.00 accepted')).toBeTruthy();
    const allowance = builder().getByRole('textbox', { name: 'Trade-in value, $' });
    expect(allowance).toMatchObject({ readOnly: true, value: '8000' });
    expect(builder().getByRole('textbox', { name: 'Still owed on it, $' })).toMatchObject({ readOnly: true, value: '10000' });
    expect(builder().getByText('You owe $2,000.00 more than the offer: it is added to the amount financed.')).toBeTruthy();
    await waitFor(() =>
      expect((quoteCalls(api).at(-1)?.body as DealQuoteRequest | undefined)?.deal.trade).toEqual({
        allowanceCents: 800_000,
        payoffCents: 1_000_000,
      }),
    );
    await waitFor(() => expect(line('Trade-in equity')).toBe(formatCents(-200_000)));
  });

  it('keeps the deal in the address, so it survives a reload', async () => {
    const car = createCar({ price: 32_000, msrp: 34_000 });
    const first = await openBuilder(car);
    await userEvent.click(builder().getByRole('radio', { name: 'Lease' }));
    await type('ZIP code', '75201');
    await userEvent.selectOptions(builder().getByRole('combobox', { name: 'Your credit' }), 'good');
    await type('Cash down, $', '3000');
    await userEvent.selectOptions(builder().getByRole('combobox', { name: 'Term' }), '39');
    await userEvent.selectOptions(builder().getByRole('combobox', { name: 'Miles a year' }), '15000');
    await userEvent.click(builder().getByRole('checkbox', { name: /GAP protection/ }));
    await type('Trade-in value, $', '8000');
    await type('Still owed on it, $', '5000');
    const search = window.location.search;
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      deal: 'lease',
      zip: '75201',
      tier: 'good',
      down: '3000',
      term: '39',
      miles: '15000',
      products: 'gap',
      trade: '8000',
      payoff: '5000',
    });
    first.view.unmount();
    restore?.();

    const { api } = await openBuilder(car, search);
    expect(checkedOf(builder().getByRole('radio', { name: 'Lease' }))).toBe(true);
    expect(valueOf(builder().getByRole('textbox', { name: 'ZIP code' }))).toBe('75201');
    expect(valueOf(builder().getByRole('combobox', { name: 'Your credit' }))).toBe('good');
    expect(valueOf(builder().getByRole('textbox', { name: 'Cash down, $' }))).toBe('3000');
    expect(valueOf(builder().getByRole('combobox', { name: 'Term' }))).toBe('39');
    expect(valueOf(builder().getByRole('combobox', { name: 'Miles a year' }))).toBe('15000');
    expect(checkedOf(builder().getByRole('checkbox', { name: /GAP protection/ }))).toBe(true);
    expect(valueOf(builder().getByRole('textbox', { name: 'Trade-in value, $' }))).toBe('8000');
    expect(valueOf(builder().getByRole('textbox', { name: 'Still owed on it, $' }))).toBe('5000');
    await waitFor(() => expect(quoteCalls(api)).toHaveLength(1));
    expect((quoteCalls(api)[0]!.body as DealQuoteRequest).deal).toEqual({
      type: 'lease',
      zip: '75201',
      tierId: 'good',
      cashDownCents: 300_000,
      termMonths: 39,
      milesPerYear: 15_000,
      productIds: ['gap'],
      trade: { allowanceCents: 800_000, payoffCents: 500_000 },
    });
  });

  it('ignores nonsense in the address instead of failing', async () => {
    const car = createCar();
    await openBuilder(car, '?deal=barter&zip=7520x&tier=Good!&down=lots&term=999&miles=-3&products=gap,,x&trade=1e99');
    expect(checkedOf(builder().getByRole('radio', { name: 'Finance' }))).toBe(true);
    expect(valueOf(builder().getByRole('textbox', { name: 'ZIP code' }))).toBe('');
    expect(valueOf(builder().getByRole('combobox', { name: 'Your credit' }))).toBe('');
    expect(valueOf(builder().getByRole('textbox', { name: 'Cash down, $' }))).toBe('');
    expect(valueOf(builder().getByRole('combobox', { name: 'Term' }))).toBe('60');
    expect(valueOf(builder().getByRole('textbox', { name: 'Trade-in value, $' }))).toBe('');
  });

  it('Apply with this deal opens the application with this car and the deal', async () => {
    const car = createCar();
    const { view } = await openBuilder(car, '?zip=75201&tier=good&down=2500');
    await userEvent.click(await builder().findByRole('link', { name: 'Apply with this deal' }));
    await waitFor(() => expect(screen.getByTestId('location').dataset.pathname).toBe('/application'));
    expect(Object.fromEntries(new URLSearchParams(screen.getByTestId('location').dataset.search))).toEqual({
      deal: 'finance',
      zip: '75201',
      tier: 'good',
      down: '2500',
      term: '60',
    });
    expect(view.store.get(draftCarIdAtom)).toBe(car.uuid);
  });

  it('in Spanish, says the disclosure in Spanish', async () => {
    const car = createCar({ price: 30_000 });
    await openBuilder(car, '?zip=75201&tier=good&down=3000');
    const quote = expectedQuote(car, { type: 'finance', tierId: 'good', termMonths: 60, cashDownCents: 300_000 });
    if (quote.type !== 'finance') throw new Error('a finance quote');
    await waitFor(() => expect(headline('Monthly payment')).toBe(formatCents(quote.paymentCents)));
    await act(() => activateLanguage('es'));
    const es = within(screen.getByRole('region', { name: 'Su operación' }));
    expect(es.getByRole('status', { name: 'Pago mensual' }).textContent).toBe(formatCents(quote.paymentCents, 'es'));
    expect(es.getByText(/APR/, { selector: 'p' }).textContent).toBe(
      `$3,000 de pago inicial, 60 pagos mensuales de ${formatMoney(quote.paymentCents / 100, 'es')} con una tasa de porcentaje anual (APR) de ${formatPercent(7.49, 'es')}. ` +
        `Total de pagos: ${formatMoney(quote.totalOfPaymentsCents / 100, 'es')}.`,
    );
    expect(es.getByRole('combobox', { name: 'Su crédito' }).querySelector('option:checked')?.textContent).toBe('Buena 660–719');
    await act(() => activateLanguage('en'));
  });
});
