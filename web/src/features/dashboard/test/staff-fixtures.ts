import type { StaffApplication } from '../../../../../domain/contracts/applications.ts';
import type { Paged } from '../../../../../domain/contracts/paged.ts';
import type { UserListItem } from '../../../../../domain/contracts/users.ts';

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
    documents: [],
    consents: [],
    history: [],
    regBDueAt: '2026-07-01T10:00:00.000Z',
    regBDaysLeft: 12,
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
