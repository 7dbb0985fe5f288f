import { useLingui } from '@lingui/react';
import { formatMoment, zoneLabel, type MomentStyle } from '../../../../domain/date-time.ts';
import { numberLocale } from '../../../../domain/format.ts';

/**
 * How the visits' screens write days and times: always on the dealer's wall clock (the slots
 * answer's and each visit's `timeZone`), never the phone's, with the zone named
 * (docs/product/visits.md#booking).
 */
export interface VisitFormat {
  /** A dealer's calendar day, YYYY-MM-DD, as a chip: "Tue, Jan 12". */
  day(date: string): string;
  /** The time of day of an instant: "10:30 AM". */
  time(at: string): string;
  /** A day and time with the zone: "January 12, 2027 at 10:30 AM CST". */
  moment(at: string, style?: MomentStyle): string;
  /** "Times are Central Time (CST)." */
  zoneNote(at: string): string;
}

export function useVisitFormat(timeZone: string): VisitFormat {
  const { i18n } = useLingui();
  const locale = numberLocale(i18n.locale);
  // The day is a calendar date, not an instant: read at noon UTC and written in UTC, it is the same day anywhere.
  const days = new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  const times = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone });
  const zoneNames = new Intl.DateTimeFormat(locale, { timeZoneName: 'longGeneric', timeZone });
  return {
    day: (date) => days.format(new Date(`${date}T12:00:00Z`)),
    time: (at) => times.format(new Date(at)),
    moment: (at, style = 'dateTime') => formatMoment(at, i18n.locale, timeZone, style),
    zoneNote: (at) => {
      const instant = new Date(at);
      const zoneName = zoneNames.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
      return i18n._('Times are {zoneName} ({zone}).', { zoneName, zone: zoneLabel(instant, timeZone) });
    },
  };
}
