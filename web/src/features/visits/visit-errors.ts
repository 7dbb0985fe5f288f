import { useLingui } from '@lingui/react';
import { ApiError } from '../../lib/api-client.ts';
import { serverText } from '../../lib/i18n.ts';

/**
 * Why a visit could not be booked, loaded, moved or cancelled, in the shopper's words
 * (docs/product/visits.md#my-visits-and-signed-links): a signed link that is forged or out of date,
 * a visit that is over, a place or a car someone else took first.
 */
export function useVisitErrorText() {
  const { i18n } = useLingui();
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return i18n._('Something went wrong. Please try again.');
    switch (error.code) {
      case 'forbidden':
        return i18n._('This link is not valid.');
      case 'link_expired':
        return i18n._('This link has expired.');
      case 'not_found':
      case 'unauthorized':
        return i18n._('We could not find this visit.');
      case 'visit_closed':
        return i18n._('This visit was cancelled or has already begun.');
      case 'slot_full':
        return i18n._('Someone has just taken the last place at this time.');
      case 'car_on_hold':
        return i18n._('Someone else is holding this car now.');
      case 'car_unavailable':
        return i18n._('This car is no longer available.');
      default:
        return error.status < 500 ? serverText(i18n, error.message) : i18n._('Something went wrong. Please try again.');
    }
  };
}
