import { PUBLIC_LISTING_STATES, type CarListingState, type PublicListingState } from './enums.ts';

/**
 * Which listing states count as what (docs/decisions/016-inventory-listing-states.md). `listing_state`
 * is the stored truth; these are the one reading of it for the feeds, the alerts and the lists.
 */

/**
 * Listed: on the lot and still to be bought, available or with a sale pending. The feeds read these
 * from the inventory, and a lower price is news to shoppers only for these.
 */
export const LISTED_STATES = ['available', 'pending'] as const satisfies readonly PublicListingState[];

type ListedState = (typeof LISTED_STATES)[number];

export const isListed = (state: CarListingState): state is ListedState => (LISTED_STATES as readonly CarListingState[]).includes(state);

/** A state a visitor can see a car in (PUBLIC_LISTING_STATES): neither a draft nor archived. */
export const isPublicListing = (state: CarListingState): state is PublicListingState =>
  (PUBLIC_LISTING_STATES as readonly CarListingState[]).includes(state);

/**
 * The state a shopper's list (favourites, recently viewed) shows: a listed car as it is, any other
 * as sold, since an archived car has left the lot (drafts never reach those lists).
 */
export const shownListingState = (state: CarListingState): PublicListingState => (isListed(state) ? state : 'sold');
