import { describe, expect, it } from 'vitest';
import { formatMoment, zoneLabel } from './date-time.ts';

const CHICAGO = 'America/Chicago';
/** 11:59 PM on December 28 in Chicago is already December 29 in UTC and in Kyiv. */
const DEADLINE = new Date('2026-12-29T05:59:00Z');

describe('formatMoment', () => {
  it.each([
    ['en', 'December 28, 2026 at 11:59 PM CST'],
    ['es', '28 de diciembre de 2026 a las 11:59 p.m. CST'],
    ['uk', '28 грудня 2026 р. о 23:59 CST'],
    ['ru', '28 декабря 2026 г. в 23:59 CST'],
  ])('writes a moment in the dealer’s zone with the zone named CST in %s', (language, expected) => {
    expect(formatMoment(DEADLINE, language, CHICAGO).replace(/\u202f/g, ' ')).toBe(expected.replace(/\u202f/g, ' '));
  });

  it.each(['en', 'es', 'uk', 'ru'])('never names the zone as GMT-6 in %s', (language) => {
    const text = formatMoment(DEADLINE, language, CHICAGO, 'compact');
    expect(text).not.toContain('GMT');
    expect(text.endsWith(' CST')).toBe(true);
  });

  it('writes the calendar day of the dealer’s zone, not the reader’s', () => {
    expect(formatMoment(DEADLINE, 'en', CHICAGO, 'date')).toBe('December 28, 2026 CST');
    expect(formatMoment(DEADLINE, 'en', 'Europe/Kyiv', 'date')).toBe('December 29, 2026 GMT+2');
  });

  it('names daylight time in summer', () => {
    expect(zoneLabel(new Date('2026-07-01T12:00:00Z'), CHICAGO)).toBe('CDT');
  });

  it('accepts the wire form of a moment', () => {
    expect(formatMoment('2026-12-29T05:59:00.000Z', 'en', CHICAGO, 'compact').replace(/\u202f/g, ' ')).toBe('Dec 28, 2026, 11:59 PM CST');
  });
});
