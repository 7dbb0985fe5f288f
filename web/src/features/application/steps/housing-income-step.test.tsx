import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { housingInput, personalInput } from '../../../../../domain/test-fixtures.ts';
import { DRAFT_STORAGE_KEY } from '../../../lib/application-draft.ts';
import { mockWizardApi, pathname, renderWizard, storeDraft } from '../test/wizard-harness.tsx';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));
const savedDraft = () => JSON.parse(sessionStorage.getItem(DRAFT_STORAGE_KEY)!) as Record<string, Record<string, unknown>>;

describe('Housing (spec §4, §5 Wizard: housing)', () => {
  it('cannot be opened before Personal Information is valid', async () => {
    restore = mockWizardApi().restore;
    renderWizard('/application/income');
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal Information' })).toBeTruthy();
    expect(pathname()).toBe('/application/personal');
  });

  it('asks for the previous address only under 2 years, and requires rent of at least $100', async () => {
    storeDraft({ carId: '', personal: personalInput(), housing: {}, income: {}, driverLicense: {} });
    restore = mockWizardApi().restore;
    renderWizard('/application/housing');
    await screen.findByRole('heading', { level: 1, name: 'Housing' });
    expect(screen.queryByRole('group', { name: 'Previous address' })).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Housing status'), 'Rent');
    await userEvent.type(screen.getByLabelText('Monthly rent, $'), '50');
    await userEvent.type(screen.getByLabelText('Years'), '1');
    await userEvent.type(screen.getByLabelText('Months'), '6');
    const previous = await screen.findByRole('group', { name: 'Previous address' });
    await next();
    expect(await screen.findByText('Rent must be at least $100.', { selector: '.field__error' })).toBeTruthy();
    expect(within(previous).getByText('ZIP code is required.', { selector: '.field__error' })).toBeTruthy();
    const summary = screen.getByRole('group', { name: 'Please fix the following:' });
    expect(within(summary).getByRole('link', { name: 'Previous address, Street address: Address is required.' })).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Years'));
    await userEvent.type(screen.getByLabelText('Years'), '2');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Previous address' })).toBeNull());
    await userEvent.type(screen.getByLabelText('Months'), '5');
    expect(screen.getByLabelText('Months').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Months must be between 0 and 11.', { selector: '.field__error' })).toBeTruthy();
  });

  it('goes on to Income with a valid housing step and no previous address kept', async () => {
    storeDraft({ carId: '', personal: personalInput(), housing: housingInput(), income: {}, driverLicense: {} });
    restore = mockWizardApi().restore;
    renderWizard('/application/housing');
    await screen.findByRole('heading', { level: 1, name: 'Housing' });
    expect(screen.getByLabelText<HTMLInputElement>('Street address').value).toBe('12 Elm St.');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal Information' })).toBeTruthy();
    await next();
    await screen.findByRole('heading', { level: 1, name: 'Housing' });
    await next();
    expect(await screen.findByRole('heading', { level: 1, name: 'Income' })).toBeTruthy();
    expect(savedDraft().housing).toMatchObject({ address: '12 Elm St.', yearsAtAddress: '3' });
  });
});

describe('Income (spec §4, §5 Wizard: income)', () => {
  it('shows school fields for a student and previous employment under 2 years', async () => {
    storeDraft({ carId: '', personal: personalInput(), housing: housingInput(), income: {}, driverLicense: {} });
    restore = mockWizardApi().restore;
    renderWizard('/application/income');
    await screen.findByRole('heading', { level: 1, name: 'Income' });
    expect(screen.getByRole('group', { name: 'Employer' })).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Employment status'), 'Student');
    expect(screen.queryByRole('group', { name: 'Employer' })).toBeNull();
    const school = screen.getByRole('group', { name: 'School' });
    await userEvent.type(screen.getByLabelText('Monthly income, $'), '0');
    await userEvent.type(screen.getByLabelText('Years'), '0');
    await userEvent.type(screen.getByLabelText('Months'), '3');
    const previous = await screen.findByRole('group', { name: 'Previous employment' });
    await next();
    expect(within(school).getByText('School name is required.', { selector: '.field__error' })).toBeTruthy();
    expect(screen.getByText('Monthly income must be at least $1.', { selector: '.field__error' })).toBeTruthy();
    expect(within(previous).getByText('Total months employed is required.', { selector: '.field__error' })).toBeTruthy();
    expect(screen.queryByText('Employer name is required.', { selector: '#field-employerName-error' })).toBeNull();
  });
});
