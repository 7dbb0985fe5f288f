import type { I18n } from '@lingui/core';
import type { VisitStatus, VisitType } from '../../../../domain/visits/visit.schema.ts';

/** The shopper's words for a visit's type and status (docs/product/visits.md#my-visits-and-signed-links). */
export const visitTypeLabels = (i18n: I18n): Record<VisitType, string> => ({
  test_drive: i18n._('Test drive'),
  hold: i18n._('Hold'),
});

export const visitStatusLabels = (i18n: I18n): Record<VisitStatus, string> => ({
  booked: i18n._('Booked'),
  arrived: i18n._('You arrived'),
  completed: i18n._('Completed'),
  no_show: i18n._('Missed'),
  cancelled: i18n._('Cancelled'),
});
