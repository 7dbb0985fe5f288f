import type { StaffTradeIn, StaffTradeInItem, TradeInOffer } from '../../../../../domain/contracts/trade-ins.ts';

/** One row of the staff queue: a 2015 Honda Civic EX waiting for its first answer. */
export function tradeInItem(overrides: Partial<StaffTradeInItem> = {}): StaffTradeInItem {
  return {
    id: 7,
    status: 'new',
    title: '2015 Honda Civic EX',
    mileage: 84_000,
    photoCount: 6,
    coverUrl: null,
    submittedAt: '2026-11-20T15:00:00.000Z',
    firstResponseAt: null,
    waitingOn: 'staff',
    latestOfferCents: null,
    ...overrides,
  };
}

export function tradeInOffer(overrides: Partial<TradeInOffer> = {}): TradeInOffer {
  return {
    id: 1,
    amountCents: 1_150_000,
    conditions: 'Subject to inspection.',
    status: 'open',
    sentAt: '2026-11-21T15:00:00.000Z',
    validUntil: '2026-11-28T15:00:00.000Z',
    respondedAt: null,
    ...overrides,
  };
}

/** GET /api/trade-ins/7 as staff see it: the Civic, financed, with a photo of the front and a comparable. */
export function staffTradeIn(overrides: Partial<StaffTradeIn> = {}): StaffTradeIn {
  return {
    id: 7,
    status: 'new',
    title: '2015 Honda Civic EX',
    owner: { userId: 5, name: 'Mary Major', telegramUsername: 'mary', email: 'mary@example.com' },
    draft: {
      vin: '19XFB2F57FE000001',
      year: 2015,
      make: 'Honda',
      model: 'Civic',
      trim: 'EX',
      mileage: 84_000,
      condition: {
        accidents: 'minor',
        warningLights: false,
        smokedIn: false,
        keys: 'two_or_more',
        tyres: 'worn',
        bodyDamage: 'none',
        mechanicalIssues: true,
        modifications: null,
      },
      ownership: 'financed',
      payoffLender: 'Ally Bank',
      payoffCents: 450_050,
      notes: 'New brakes last spring.',
    },
    decoded: { year: 2015, make: 'Honda' },
    photos: [{ id: 'p1', angle: 'front', position: 0, width: 1600, height: 1200, url: '/api/trade-ins/7/photos/p1' }],
    missingAngles: ['rear', 'left', 'right', 'interior', 'odometer'],
    offers: [],
    messages: [
      { id: 1, from: 'staff', text: 'Any service records?', at: '2026-11-20T16:00:00.000Z' },
      { id: 2, from: 'shopper', text: 'Yes, all at the Honda dealer.', at: '2026-11-20T17:00:00.000Z' },
    ],
    waitingOn: 'staff',
    comparables: [
      {
        uuid: 'c0mp-1',
        title: '2016 Honda Civic LX',
        year: 2016,
        mileage: 61_000,
        price: 14_995,
        listingState: 'sold',
        daysInStock: 23,
        sold: true,
      },
    ],
    carUuid: null,
    createdAt: '2026-11-19T15:00:00.000Z',
    submittedAt: '2026-11-20T15:00:00.000Z',
    firstResponseAt: null,
    ...overrides,
  };
}
