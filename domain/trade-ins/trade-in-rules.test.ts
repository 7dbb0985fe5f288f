import { describe, expect, it } from 'vitest';
import {
  anglesForUnlabelledPhotos,
  missingTradeInAngles,
  tradeInOfferStatus,
  tradeInPhotoUrl,
  tradeInStatusAt,
  tradeInTitle,
  tradeInWaitingOn,
} from './trade-in-rules.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const BEFORE = new Date('2026-06-01T11:59:59Z');
const AFTER = new Date('2026-06-01T12:00:01Z');
const NONE = { vin: null, year: null, make: null, model: null, trim: null };

describe('the angles of a trade-in’s photos', () => {
  it('lists the required angles no photo shows yet, in the order the screen asks them', () => {
    expect(missingTradeInAngles([])).toEqual(['front', 'rear', 'left', 'right', 'interior', 'odometer']);
    expect(missingTradeInAngles(['odometer', 'damage', 'front', 'front'])).toEqual(['rear', 'left', 'right', 'interior']);
  });

  it('gives photos sent without an angle the missing angles in order, then damage', () => {
    expect(anglesForUnlabelledPhotos(['front', 'left'], 3)).toEqual(['rear', 'right', 'interior']);
    expect(anglesForUnlabelledPhotos(['front', 'rear', 'left', 'right', 'interior'], 3)).toEqual(['odometer', 'damage', 'damage']);
    expect(anglesForUnlabelledPhotos([], 0)).toEqual([]);
  });

  it('fetches the shopper’s photo under /mine and staff’s by the trade-in', () => {
    expect(tradeInPhotoUrl('mine', 'p1')).toBe('/api/trade-ins/mine/photos/p1');
    expect(tradeInPhotoUrl({ tradeInId: 7 }, 'p1')).toBe('/api/trade-ins/7/photos/p1');
  });
});

describe('a trade-in’s title', () => {
  it('is what the shopper typed', () => {
    expect(tradeInTitle({ ...NONE, year: 2015, make: 'Honda', model: 'Civic', trim: 'EX' })).toBe('2015 Honda Civic EX');
  });

  it('takes the year and make from the VIN where the shopper typed none', () => {
    expect(tradeInTitle({ ...NONE, vin: '1HGCM82633A004352', model: 'Accord' }, NOW)).toBe('2003 Honda Accord');
    expect(tradeInTitle({ ...NONE, vin: '1HGCM82633A004352', make: 'Acura' }, NOW)).toBe('2003 Acura');
  });

  it('is the year alone for a VIN of a make it does not know, and empty with nothing said', () => {
    expect(tradeInTitle({ ...NONE, vin: '1M8GDM9AXKP042788' }, NOW)).toBe('1989');
    expect(tradeInTitle(NONE)).toBe('');
  });
});

describe('where a trade-in stands', () => {
  it('reads offered as expired once the open offer’s validity has passed', () => {
    expect(tradeInStatusAt('offered', BEFORE, NOW)).toBe('expired');
    expect(tradeInStatusAt('offered', NOW, NOW)).toBe('expired');
    expect(tradeInStatusAt('offered', AFTER, NOW)).toBe('offered');
    expect(tradeInStatusAt('new', BEFORE, NOW)).toBe('new');
    expect(tradeInStatusAt('offered', null, NOW)).toBe('offered');
  });

  it('reads an open offer past its validity as expired, and an answered one as answered', () => {
    expect(tradeInOfferStatus('open', BEFORE, NOW)).toBe('expired');
    expect(tradeInOfferStatus('open', AFTER, NOW)).toBe('open');
    expect(tradeInOfferStatus('accepted', BEFORE, NOW)).toBe('accepted');
  });

  it('waits for staff until they ask, for the shopper while a question or an offer is theirs, for nobody once decided', () => {
    expect(tradeInWaitingOn('new', null)).toBe('staff');
    expect(tradeInWaitingOn('new', 'staff')).toBe('shopper');
    expect(tradeInWaitingOn('new', 'shopper')).toBe('staff');
    expect(tradeInWaitingOn('offered', null)).toBe('shopper');
    for (const status of ['draft', 'accepted', 'declined', 'expired', 'withdrawn'] as const)
      expect(tradeInWaitingOn(status, 'staff')).toBeNull();
  });
});
