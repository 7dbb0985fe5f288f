import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';
import { displayLabelMessages } from './test-fixtures.ts';
import {
  APPLICATION_STATUSES,
  applicationStatusLabels,
  carConditionLabels,
  carSpecLabel,
  EMPLOYMENT_STATUSES,
  employmentStatusLabels,
  HOUSING_STATUSES,
  housingStatusLabels,
  isLanguage,
  languageForCountry,
  languageFromAcceptLanguage,
  languageNames,
  LANGUAGES,
  MARITAL_STATUSES,
  SUFFIXES,
  suffixLabels,
  toOptions,
  toSupportedLanguage,
} from './enums.ts';
import { US_STATE_CODES, US_STATES, usStateName } from './us-states.ts';

describe('choices and their display names', () => {
  it.each([
    ['suffix', toOptions(SUFFIXES, suffixLabels), ['None', 'Jr.', 'Sr.', 'II', 'III', 'IV']],
    ['marital status', toOptions(MARITAL_STATUSES, { Unmarried: 'Unmarried', Married: 'Married' }), ['Unmarried', 'Married']],
    ['housing', toOptions(HOUSING_STATUSES, housingStatusLabels), ['Rent', 'Own Outright', 'Mortgage', 'Family', 'Military', 'Other']],
    [
      'employment status',
      toOptions(EMPLOYMENT_STATUSES, employmentStatusLabels),
      ['Employed', 'Self-Employed', 'Unemployed', 'Retired', 'Retired Military', 'Active Military', 'Student', 'Other'],
    ],
    ['application status', toOptions(APPLICATION_STATUSES, applicationStatusLabels), ['In Review', 'Approved', 'Rejected', 'Withdrawn']],
    ['car condition', toOptions(['new', 'used'], carConditionLabels), ['New', 'Used']],
    ['language', toOptions(LANGUAGES, languageNames), ['English', 'Українська', 'Español', 'Русский']],
  ])('%s options read %j', (_case, options, labels) => {
    expect(options.map((option) => option.label)).toEqual(labels);
  });

  it('Own Outright is sent as OwnOutright and In Review as in_review', () => {
    expect(toOptions(HOUSING_STATUSES, housingStatusLabels)[1]).toEqual({ value: 'OwnOutright', label: 'Own Outright' });
    expect(toOptions(APPLICATION_STATUSES, applicationStatusLabels)[0]).toEqual({ value: 'in_review', label: 'In Review' });
  });

  it('lists each display name to translate once', () => {
    expect(new Set(displayLabelMessages).size).toBe(displayLabelMessages.length);
    expect(displayLabelMessages).toEqual(expect.arrayContaining(['None', 'Own Outright', 'In Review', 'Self-Employed', 'Sale pending']));
  });

  it('lists every suffix the Personal step offers, so each select option has its catalogue entry', () => {
    expect(displayLabelMessages).toEqual(expect.arrayContaining(Object.values(suffixLabels)));
  });
});

describe('US states', () => {
  it('has the 50 states and DC, each code once', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATE_CODES).size).toBe(51);
    expect(US_STATE_CODES).toContain('DC');
  });

  it.each([
    ['NY', 'New York'],
    ['DC', 'District of Columbia'],
    ['PR', undefined],
  ])('%s is %s', (code, name) => {
    expect(usStateName(code)).toBe(name);
  });
});

describe('languages', () => {
  it.each([
    ['uk', 'uk'],
    ['uk-UA', 'uk'],
    ['ES', 'es'],
    ['ru_RU', 'ru'],
    ['en', 'en'],
    ['de', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('language code %j is used as %s', (code, language) => {
    expect(toSupportedLanguage(code)).toBe(language);
  });

  it.each([
    ['UA', 'uk'],
    ['ua', 'uk'],
    ['US', 'en'],
    ['PL', 'en'],
    [null, 'en'],
  ])('a visitor from %j gets %s', (country, language) => {
    expect(languageForCountry(country)).toBe(language);
  });

  it.each([
    ['ru', true],
    ['fr', false],
    [7, false],
  ])('%j is a supported language: %s', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });

  it.each([
    ['uk-UA,uk;q=0.9,en-US;q=0.8', 'uk'],
    ['de-DE,de;q=0.9,es;q=0.7,en;q=0.5', 'es'],
    ['en;q=0.4, ru;q=0.8', 'ru'],
    ['es, ru', 'es'],
    ['ru;q=0, en;q=0.1', 'en'],
    ['fr-FR,de;q=0.5', null],
    ['*', null],
    ['', null],
    [null, null],
  ])('a browser asking for %j is served %j', (header, language) => {
    expect(languageFromAcceptLanguage(header)).toBe(language);
  });
});

describe('business constants', () => {
  it.each([
    ['MIN_RENT', 100],
    ['MIN_MONTHLY_INCOME', 1],
    ['MIN_ADDITIONAL_INCOME', 0],
    ['POSTAL_CODE_LENGTH', 5],
    ['PHONE_DIGITS', 10],
    ['SSN_DIGITS', 9],
    ['MIN_MONTHS', 0],
    ['MAX_MONTHS', 11],
    ['MIN_PREVIOUS_EMPLOYMENT_MONTHS', 1],
    ['PREVIOUS_HISTORY_THRESHOLD_MONTHS', 24],
    ['INCOME_FREQUENCY', 'Monthly'],
    ['USER_LIST_DEFAULTS', { page: 1, limit: 10, sortBy: 'registered_at', sortOrder: 'desc' }],
    ['FAQ_LIST_DEFAULTS', { page: 1, limit: 10, sortField: 'createdAt', sortOrder: 'desc' }],
    ['TOAST_LIMITS', { max: 20, errorMs: 4000, successMs: 2000, blankMs: 4000, loadingMs: Number.POSITIVE_INFINITY }],
    ['INPUT_MASK_UNDO_HISTORY', 100],
    ['THEME', { primary: '#002D72', secondary: '#FF6B00', fontFamily: 'Inter' }],
    ['APPLICATION_INDICATORS', { communityPropertyDisclosureIndicator: false, regulationBIndicator: false, privacyNoticeIndicator: true }],
    ['LANGUAGE_STORAGE_KEY', 'currentLanguage'],
    ['SCROLL_BEHAVIOR_OVERRIDE_MS', 50],
  ])('%s is %j', (name, value) => {
    expect(constants[name as keyof typeof constants]).toEqual(value);
  });
});

describe("car spec values shown in the reader's language", () => {
  it.each([
    ['transmission', 'Automatic', 'Automatic'],
    ['transmission', 'CVT', 'Continuously variable (CVT)'],
    ['fuelType', 'Gasoline', 'Gasoline'],
    ['fuelType', 'Plug-in Hybrid', 'Plug-in hybrid'],
    ['drivetrain', 'AWD', 'All-wheel drive (AWD)'],
    ['bodyStyle', 'suv', 'SUV'],
  ] as const)('%s "%s" reads "%s" in English and is translated', (field, stored, label) => {
    expect(carSpecLabel(field, stored)).toBe(label);
    expect(displayLabelMessages).toContain(label);
  });

  it("leaves the dealer's own words and empty values alone", () => {
    expect(carSpecLabel('transmission', '9-speed magic')).toBeNull();
    expect(carSpecLabel('fuelType', null)).toBeNull();
  });
});
