import * as v from 'valibot';
import { Route, Routes } from 'react-router';
import type { MyTradeIn } from '../../../../../domain/contracts/trade-ins.ts';
import { REQUIRED_TRADE_IN_ANGLES, tradeInDraftSchema } from '../../../../../domain/trade-ins/trade-in.schema.ts';
import { WebMainButton } from '../../../components/web-main-button.tsx';
import { mockFetch, renderWithProviders, type RenderWithProvidersOptions } from '../../../test/render.tsx';
import TradeInPage from '../trade-in-page.tsx';

/** A shopper's trade-in as the server answers it: a fresh draft unless told otherwise. */
export function tradeIn(overrides: Partial<MyTradeIn> = {}): MyTradeIn {
  return {
    id: 3,
    status: 'draft',
    draft: v.parse(tradeInDraftSchema, {}),
    decoded: null,
    photos: [],
    missingAngles: [...REQUIRED_TRADE_IN_ANGLES],
    problems: [],
    offers: [],
    messages: [],
    questionOpen: false,
    accepted: null,
    createdAt: '2026-06-15T12:00:00.000Z',
    updatedAt: '2026-06-15T12:00:00.000Z',
    submittedAt: null,
    ...overrides,
  };
}

/** The trade-ins API at the network edge: a known visitor whose trade-in is `mine`. */
export function mockTradeInApi(mine: MyTradeIn | null, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/me': () => ({ user: { id: 7 }, isAdmin: false, via: 'guest' }),
    'GET /api/trade-ins/mine': () => mine,
    'GET /api/site': () => ({
      company: { name: 'Dealer', address: '', phone: '', email: '', socialLinks: [] },
      botUsername: 'DealerBot',
      telegramLoginEnabled: false,
      timeZone: 'America/Chicago',
    }),
    ...extra,
  });
}

/** /trade-in as the app routes it, with the layout's Main button. */
export function renderTradeIn(options: RenderWithProvidersOptions = {}) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/trade-in"
        element={
          <>
            <TradeInPage />
            <WebMainButton />
          </>
        }
      />
      <Route path="/cars" element={<h1>Cars</h1>} />
    </Routes>,
    { route: '/trade-in', ...options },
  );
}
