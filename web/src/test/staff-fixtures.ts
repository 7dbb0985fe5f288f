import type { StaffApplication } from '../../../domain/contracts/applications.ts';
import type { InventoryCar, InventoryListItem } from '../../../domain/contracts/inventory.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import type { PasskeysAnswer } from '../../../domain/contracts/passkeys.ts';
import type { UserListItem } from '../../../domain/contracts/users.ts';
import type { StaffVisit } from '../../../domain/contracts/visits.ts';

/** An application as GET /api/applications/user/{id} answers it, with overrides for what a test cares about. */
export function staffApplication(overrides: Partial<StaffApplication> = {}): StaffApplication {
  return {
    id: 12,
    userId: 5,
    status: 'in_review',
    carId: null,
    firstName: 'Mary',
    lastName: 'Major',
    suffix: null,
    phone: '+15551234567',
    ssnMasked: '***-**-6789',
    dateOfBirth: '1990-01-31',
    email: 'mary.major@example.com',
    maritalStatus: 'Married',
    consentGiven: true,
    monthsAtCurrentAddress: 30,
    housingStatus: 'Rent',
    mortgageOrRentAmount: 1200,
    address: { line1: '1 Main St', line2: null, city: 'Springfield', state: 'IL', postalCode: '62701' },
    previousAddress: null,
    income: 5200,
    incomeFrequency: 'Monthly',
    otherIncomeSource: null,
    otherIncomeAmount: 0,
    currentEmployment: {
      employerName: 'Acme Corp',
      occupation: 'Engineer',
      workPhone: null,
      status: 'Employed',
      employerAddress: null,
      totalMonthsEmployed: 40,
    },
    previousEmployment: null,
    noPreviousEmployment: false,
    submittedAt: '2026-06-01T10:00:00.000Z',
    updatedAt: '2026-06-01T10:00:00.000Z',
    car: null,
    deal: null,
    offers: [],
    documents: [],
    consents: [],
    history: [],
    regBDueAt: '2026-07-01T10:00:00.000Z',
    regBDaysLeft: 12,
    lenderDelivery: { state: 'not_configured' },
    lenderReference: null,

    assignee: null,
    firstResponseAt: null,
    firstResponseMinutes: null,

    erasedAt: null,

    adverseActionNotice: null,
    ...overrides,
  };
}

export function userItem(overrides: Partial<UserListItem> = {}): UserListItem {
  return {
    id: 5,
    is_admin: false,
    first_name: 'Mary',
    last_name: 'Major',
    username: 'mary',
    email: 'mary.major@example.com',
    phone: '+15551234567',
    language: 'en',
    registered_at: '2026-06-01T10:00:00.000Z',
    last_active_at: null,
    tag: null,
    applicationId: 12,
    applicationStatus: 'in_review',
    chatUrl: 'https://t.me/mary',
    ...overrides,
  };
}

export const pageOf = <T>(items: T[], page = 1, total = items.length, limit = 10): Paged<T> => ({
  items,
  total,
  page,
  limit,
  totalPages: Math.ceil(total / limit),
});

/** jsdom has no modal dialogs; the native <dialog> the dashboard uses opens as a plain open dialog here. */
export function allowModalDialogs(): void {
  const prototype = HTMLDialogElement.prototype as { showModal?: () => void; close?: () => void };
  prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

/** jsdom has no popovers; the row menus' popover opens and closes here as a plain element. */
export function allowPopovers(): void {
  const prototype = HTMLElement.prototype as { showPopover?: () => void; hidePopover?: () => void };
  prototype.showPopover ??= function showPopover(this: HTMLElement) {
    this.dataset.popoverOpen = 'true';
  };
  prototype.hidePopover ??= function hidePopover(this: HTMLElement) {
    delete this.dataset.popoverOpen;
  };
}

export const CAR_UUID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

/** A car as GET /api/inventory/{uuid} answers it: a 2003 Honda Accord with a real VIN. */
export function inventoryCar(overrides: Partial<InventoryCar> = {}): InventoryCar {
  return {
    uuid: CAR_UUID,
    version: 3,
    vin: '1HGCM82633A004352',
    stockNumber: 'A1001',
    year: 2003,
    brand: 'Honda',
    model: 'Accord',
    trim: 'EX',
    bodyStyle: 'sedan',
    condition: 'used',
    certified: false,
    price: 6500,
    msrp: null,
    mileage: 148000,
    exteriorColor: 'Silver',
    interiorColor: null,
    transmission: 'automatic',
    drivetrain: 'fwd',
    fuelType: 'gasoline',
    engine: null,
    mpgCity: 24,
    mpgHighway: 34,
    features: ['Sunroof'],
    description: null,
    listingState: 'available',
    dateAdded: '2026-10-01T10:00:00.000Z',
    daysInStock: 58,
    updatedAt: '2026-11-20T10:00:00.000Z',
    photos: [],
    photoFetches: [],
    counts: { views: 12, favorites: 2, applications: 0 },
    ...overrides,
  };
}

/** One row of GET /api/inventory. */
export function inventoryItem(overrides: Partial<InventoryListItem> = {}): InventoryListItem {
  return {
    uuid: CAR_UUID,
    stockNumber: 'A1001',
    vin: '1HGCM82633A004352',
    year: 2003,
    brand: 'Honda',
    model: 'Accord',
    trim: 'EX',
    price: 6500,
    mileage: 148000,
    daysInStock: 58,
    listingState: 'available',
    condition: 'used',
    cover: null,
    views: 12,
    favorites: 2,
    applications: 0,
    version: 3,
    ...overrides,
  };
}

/** The 403 a staff call answers before the session has confirmed a passkey. */
export const mfaRequired = () =>
  new Response(JSON.stringify({ error: { code: 'mfa_required', message: 'Confirm it’s you' } }), {
    status: 403,
    headers: { 'content-type': 'application/json' },
  });

export const passkey = { id: 1, name: 'Office laptop', createdAt: '2026-06-01T10:00:00.000Z', lastUsedAt: null };

/** GET /api/auth/passkeys for a session that has not confirmed a passkey yet, with overrides. */
export const passkeysAnswer = (overrides: Partial<PasskeysAnswer> = {}): PasskeysAnswer => ({
  passkeys: [],
  sessionVerified: false,
  firstPasskeyUntil: null,
  mfaRequired: true,
  ...overrides,
});

/** A test drive of the 2003 Honda Accord at 9:00 AM CDT on June 2, 2026, booked by the shopper in Telegram. */
export function staffVisit(overrides: Partial<StaffVisit> = {}): StaffVisit {
  return {
    id: 31,
    type: 'test_drive',
    status: 'booked',
    start: '2026-06-02T14:00:00.000Z',
    end: '2026-06-02T14:30:00.000Z',
    timeZone: 'America/Chicago',
    car: { uuid: CAR_UUID, title: '2003 Honda Accord EX', photo: null, listingState: 'available', stockNumber: 'A1001' },
    name: 'Mary Major',
    phone: '+15551234567',
    email: 'mary.major@example.com',
    note: null,
    deal: null,
    mayChange: true,
    carGone: false,
    userId: 5,
    channel: 'email',
    bookedBy: 'shopper',
    cancelledBy: null,
    bookedAt: '2026-05-30T16:00:00.000Z',
    updatedAt: '2026-05-30T16:00:00.000Z',
    ...overrides,
  };
}
