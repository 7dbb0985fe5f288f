import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { alertDay, carMatchesFilters, isPublication, listingChangeReason } from './alerts.ts';
import { savedSearchFiltersSchema } from './cars.ts';

const accord = {
  brand: 'Honda',
  model: 'Accord',
  year: 2021,
  price: 24_000,
  mileage: 30_000,
  condition: 'used' as const,
  certified: false,
};

describe('alerts', () => {
  it('matches a car as the catalogue filters it: brand and model exactly, ranges inclusive', () => {
    expect(carMatchesFilters({}, accord)).toBe(true);
    expect(carMatchesFilters({ brand: 'Honda', model: 'Accord', yearMin: 2021, priceMax: 24_000, condition: 'used' }, accord)).toBe(true);
    expect(carMatchesFilters({ brand: 'honda' }, accord)).toBe(false);
    expect(carMatchesFilters({ priceMax: 23_999 }, accord)).toBe(false);
    expect(carMatchesFilters({ mileageMin: 30_001 }, accord)).toBe(false);
    expect(carMatchesFilters({ condition: 'new' }, accord)).toBe(false);
  });

  it('matches a search for certified pre-owned cars with certified cars only, and a search for used cars with them too', () => {
    const certified = { ...accord, certified: true };
    expect(carMatchesFilters({ condition: 'certified' }, certified)).toBe(true);
    expect(carMatchesFilters({ condition: 'certified' }, accord)).toBe(false);
    expect(carMatchesFilters({ condition: 'used' }, certified)).toBe(true);
  });

  it("tells fans of a sale and of a pending sale that fell through, not of staff's other moves", () => {
    expect(listingChangeReason('available', 'sold')).toBe('sold');
    expect(listingChangeReason('pending', 'sold')).toBe('sold');
    expect(listingChangeReason('pending', 'available')).toBe('available_again');
    expect(listingChangeReason('available', 'pending')).toBeNull();
    expect(listingChangeReason('sold', 'available')).toBeNull();
    expect(listingChangeReason('archived', 'sold')).toBeNull();
    expect(listingChangeReason('draft', 'sold')).toBeNull();
  });

  it('counts a car as published when shoppers first see it available', () => {
    expect(isPublication(null, 'available')).toBe(true);
    expect(isPublication('draft', 'available')).toBe(true);
    expect(isPublication('pending', 'available')).toBe(false);
    expect(isPublication(null, 'draft')).toBe(false);
  });

  it("counts days from the dealer's midnight", () => {
    const lateEvening = new Date('2026-11-02T04:30:00Z');
    expect(alertDay(lateEvening, 'America/Chicago')).toBe('2026-11-01');
    expect(alertDay(lateEvening, 'Europe/Kyiv')).toBe('2026-11-02');
  });

  it('keeps only the filters given, and refuses a range no car could match', () => {
    expect(v.parse(savedSearchFiltersSchema, { brand: 'Honda', model: ' ', priceMax: '20000' })).toEqual({
      brand: 'Honda',
      priceMax: 20_000,
    });
    expect(v.safeParse(savedSearchFiltersSchema, { priceMin: 2, priceMax: 1 }).success).toBe(false);
    expect(v.safeParse(savedSearchFiltersSchema, { priceMin: 1, priceMax: 1 }).success).toBe(true);
  });
});
