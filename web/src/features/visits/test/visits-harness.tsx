import { Route, Routes, useLocation } from 'react-router';
import type { CarItem } from '../../../../../domain/contracts/cars.ts';
import type { MyVisit, VisitSlot, VisitSlotsAnswer } from '../../../../../domain/contracts/visits.ts';
import { WebMainButton } from '../../../components/web-main-button.tsx';
import { DEAL_CAR } from '../../../test/deal-fixtures.ts';
import { mockFetch, renderWithProviders, type RenderWithProvidersOptions, json } from '../../../test/render.tsx';
import BookVisitPage from '../book-visit-page.tsx';
import MyVisitsPage from '../my-visits-page.tsx';
import VisitPage from '../visit-page.tsx';

export const DEALER_ZONE = 'America/Chicago';

export const refusal = (status: number, code: string, message: string, extra: object = {}) =>
  json(status, { error: { code, message, ...extra } });

export const slot = (start: string, placesLeft = 2, minutes = 60): VisitSlot => ({
  start,
  end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
  placesLeft,
});

export const slotsAnswer = (slots: VisitSlot[], overrides: Partial<VisitSlotsAnswer> = {}): VisitSlotsAnswer => ({
  timeZone: DEALER_ZONE,
  slotMinutes: 60,
  unavailable: null,
  slots,
  ...overrides,
});

/** A booked test drive of DEAL_CAR as the server answers it to its shopper. */
export function visit(overrides: Partial<MyVisit> = {}): MyVisit {
  return {
    id: 41,
    type: 'test_drive',
    status: 'booked',
    start: '2027-01-12T15:00:00.000Z',
    end: '2027-01-12T16:00:00.000Z',
    timeZone: DEALER_ZONE,
    car: { uuid: DEAL_CAR.uuid, title: '2024 Toyota Camry SE', photo: null, listingState: 'available', stockNumber: 'S1' },
    name: 'Ana Lopez',
    phone: '+15125550100',
    email: 'ana@example.com',
    note: null,
    deal: null,
    mayChange: true,
    carGone: false,
    ...overrides,
  };
}

/** The API at the network edge: the dealer in Chicago, a known web guest, DEAL_CAR, and what the test adds. */
export function mockVisitsApi(routes: Parameters<typeof mockFetch>[0] = {}, car: CarItem = DEAL_CAR) {
  return mockFetch({
    'GET /api/me': () => ({ user: { id: 7 }, isAdmin: false, via: 'guest' }),
    'GET /api/site': () => ({
      company: { name: 'Dealer', address: '', phone: '', email: '', socialLinks: [] },
      botUsername: 'DealerBot',
      telegramLoginEnabled: false,
      timeZone: DEALER_ZONE,
    }),
    [`GET /api/cars/${car.uuid}`]: () => car,
    ...routes,
  });
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location" data-pathname={location.pathname} data-search={location.search} hidden />;
}

/** The visits screens as the app routes them, with the layout's Main button. */
export function renderVisits(route: string, options: RenderWithProvidersOptions = {}) {
  return renderWithProviders(
    <>
      <Routes>
        <Route
          path="/cars/:uuid/visit"
          element={
            <>
              <BookVisitPage />
              <WebMainButton />
            </>
          }
        />
        <Route path="/visits" element={<MyVisitsPage />} />
        <Route path="/visits/:id" element={<VisitPage />} />
        <Route path="/cars" element={<h1>Cars</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route, ...options },
  );
}
