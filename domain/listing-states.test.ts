import { describe, expect, it } from 'vitest';
import { CAR_LISTING_STATES } from './enums.ts';
import { isListed, isPublicListing, LISTED_STATES, shownListingState } from './listing-states.ts';

describe('listing states', () => {
  it('counts an available car and a sale pending as listed, and nothing else', () => {
    expect(LISTED_STATES).toEqual(['available', 'pending']);
    expect(CAR_LISTING_STATES.filter(isListed)).toEqual(['available', 'pending']);
  });

  it('lets visitors see available, pending and sold cars, never a draft or an archived one', () => {
    expect(CAR_LISTING_STATES.filter(isPublicListing)).toEqual(['available', 'pending', 'sold']);
  });

  it('shows a car that left the lot as sold in a shopper’s lists', () => {
    expect(CAR_LISTING_STATES.map(shownListingState)).toEqual(['sold', 'available', 'pending', 'sold', 'sold']);
  });
});
