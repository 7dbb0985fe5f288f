/**
 * docs/product/retention.md#data-retention: an application's personal data is erased RETENTION_MONTHS after
 * its decision. Regulation B (12 CFR 1002.12(b)) asks for 25 months after notice of action, so no
 * shorter time is allowed.
 */
export const MIN_RETENTION_MONTHS = 25;

const addMonths = (at: Date, months: number): Date => {
  const date = new Date(at.getTime());
  date.setUTCMonth(date.getUTCMonth() + months);
  return date;
};

/** When the personal data of an application decided at `decidedAt` is due for erasure. */
export const erasureDueAt = (decidedAt: Date, months: number): Date => addMonths(decidedAt, months);

/** Applications decided before this instant are due for erasure at `now`. */
export const erasureDueBefore = (now: Date, months: number): Date => addMonths(now, -months);
