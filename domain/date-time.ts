import { numberLocale } from './format.ts';

/**
 * How a moment is written: `date` a calendar day, `dateTime` a day and time in words ("December 28,
 * 2026 at 11:59 PM CST"), `compact` the same in a short month for tables ("Dec 28, 2026, 11:59 PM CST").
 */
export type MomentStyle = 'date' | 'dateTime' | 'compact';

const STYLES: Readonly<Record<MomentStyle, Intl.DateTimeFormatOptions>> = {
  date: { dateStyle: 'long' },
  dateTime: { dateStyle: 'long', timeStyle: 'short' },
  compact: { dateStyle: 'medium', timeStyle: 'short' },
};

/**
 * The zone's name at that moment, the same in every language: US English's abbreviation ("CST",
 * "CDT"). Ukrainian and Russian have none and would write "GMT-6", so the label is derived once here
 * rather than by each language's formatter.
 */
export function zoneLabel(at: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/**
 * The one way a moment is written for people, by the applicant's screens, the staff dashboard,
 * email and the bot alike: in the dealer's time zone (TIMEZONE) and the reader's language, with the
 * zone named, so the applicant and staff read the same day for the same deadline. Without a zone
 * (the dashboard before the site's details arrive) it is the reader's own, still named.
 */
export function formatMoment(at: Date | string, language: string, timeZone: string | undefined, style: MomentStyle = 'dateTime'): string {
  const instant = typeof at === 'string' ? new Date(at) : at;
  const text = new Intl.DateTimeFormat(numberLocale(language), { ...STYLES[style], timeZone }).format(instant);
  return `${text} ${zoneLabel(instant, timeZone)}`;
}
