/** Business constants and limits (docs/product/limits.md#limits-and-constants), plus the few bounds we add to keep bad input out of the database. */

export const MIN_RENT = 100;
export const MIN_MONTHLY_INCOME = 1;
export const MIN_ADDITIONAL_INCOME = 0;
export const POSTAL_CODE_LENGTH = 5;
export const PHONE_DIGITS = 10;
export const SSN_DIGITS = 9;
export const MIN_MONTHS = 0;
export const MAX_MONTHS = 11;
export const MIN_PREVIOUS_EMPLOYMENT_MONTHS = 1;
/** Previous address and employment are asked for when time at the current one is under 2 years (docs/product/application-wizard.md#housing, #income). */
export const PREVIOUS_HISTORY_THRESHOLD_MONTHS = 24;
export const INCOME_FREQUENCY = 'Monthly';
export const MIN_APPLICANT_AGE = 18;

// Added to the original design's rules: upper bounds so that a typo or a hostile request fails validation (400) instead of
// overflowing numeric(12, 2) / integer columns (500), and birth years that no living applicant has.
export const MAX_AMOUNT = 10_000_000;
export const MAX_YEARS = 100;
export const MAX_TOTAL_MONTHS = MAX_YEARS * 12 + MAX_MONTHS;
export const MIN_BIRTH_YEAR = 1900;
export const MAX_NAME_LENGTH = 50;
export const MAX_TEXT_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

export const USER_LIST_DEFAULTS = { page: 1, limit: 10, sortBy: 'registered_at', sortOrder: 'desc' } as const;
export const FAQ_LIST_DEFAULTS = { page: 1, limit: 10, sortField: 'createdAt', sortOrder: 'desc' } as const;

export const TOAST_LIMITS = {
  max: 20,
  errorMs: 4000,
  successMs: 2000,
  blankMs: 4000,
  /** Loading toasts stay until dismissed. */
  loadingMs: Number.POSITIVE_INFINITY,
} as const;
export const INPUT_MASK_UNDO_HISTORY = 100;
/** A scroll-behaviour override lasts this long after navigation (docs/product/screens.md#screens-and-routes). */
export const SCROLL_BEHAVIOR_OVERRIDE_MS = 50;
/** The chosen language is kept in session storage under this key (docs/product/identity.md#languages). */
export const LANGUAGE_STORAGE_KEY = 'currentLanguage';
/**
 * The picker also writes the choice to this cookie, so the server renders the next page in it
 * (docs/decisions/021-server-rendered-public-pages.md). A year: a language is a lasting preference.
 */
export const LANGUAGE_COOKIE = { name: 'lang', maxAgeSeconds: 365 * 24 * 60 * 60 } as const;
export const THEME = { primary: '#002D72', secondary: '#FF6B00', fontFamily: 'Inter' } as const;

/** Fixed indicators of every creation payload (docs/product/submission.md#submission-and-statuses). */
export const APPLICATION_INDICATORS = {
  communityPropertyDisclosureIndicator: false,
  regulationBIndicator: false,
  privacyNoticeIndicator: true,
} as const;

/** Regulation B (12 CFR 1002.9): the applicant hears of the decision within 30 days of a completed application. */
export const REG_B_DAYS = 30;
