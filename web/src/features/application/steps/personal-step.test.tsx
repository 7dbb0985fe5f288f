import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_STORAGE_KEY } from '../../../lib/application-draft.ts';
import { createWebHost } from '../../../host/web-host.ts';
import { mockWizardApi, pathname, renderWizard, storeDraft } from '../test/wizard-harness.tsx';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

const savedPersonal = () => (JSON.parse(sessionStorage.getItem(DRAFT_STORAGE_KEY)!) as { personal: Record<string, unknown> }).personal;
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

function paste(input: HTMLElement, text: string) {
  (input as HTMLInputElement).focus();
  fireEvent.input(input, { target: { value: text } });
}

describe('the intro', () => {
  it('says what is needed, to use Latin characters, and starts the wizard', async () => {
    restore = mockWizardApi().restore;
    renderWizard();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Car loan application' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/about 10 minutes/)).toBeTruthy();
    expect(screen.getByText('Please use Latin characters only (A–Z) when you fill in the application.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start application' }));
    const step = await screen.findByRole('heading', { level: 1, name: 'Personal Information' });
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
    expect(document.activeElement).toBe(step);
    expect(pathname()).toBe('/application/personal');
  });
});

describe('where the intro says the answers can be continued', () => {
  it('on the web: in this browser on this device, not on any device', async () => {
    restore = mockWizardApi().restore;
    renderWizard();
    await screen.findByRole('heading', { level: 1, name: 'Car loan application' });
    expect(screen.getByText('Your answers are saved as you type, so you can continue later in this browser on this device.')).toBeTruthy();
    expect(screen.queryByText(/on any device/)).toBeNull();
  });

  it('inside Telegram: on any device with this Telegram account', async () => {
    restore = mockWizardApi().restore;
    renderWizard('/application', { host: { ...createWebHost(), kind: 'telegram' } });
    await screen.findByRole('heading', { level: 1, name: 'Car loan application' });
    expect(screen.getByText(/continue later on any device where you use this Telegram account/)).toBeTruthy();
  });
});

describe('Personal Information', () => {
  it('shows every rule’s message under its field and a summary that takes focus', async () => {
    restore = mockWizardApi().restore;
    renderWizard('/application/personal');
    await screen.findByRole('heading', { name: 'Personal Information' });
    await next();

    const summary = await screen.findByRole('group', { name: 'Please fix the following:' });
    expect(document.activeElement).toBe(summary);
    const links = within(summary)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'First name is required.',
      'Last name is required.',
      'Date of birth is required.',
      'Email is required.',
      'Please confirm your email address.',
      'Phone number is required.',
      'SSN is required.',
      'Marital status is required.',
    ]);
    const firstName = screen.getByLabelText('First name');
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(firstName.getAttribute('aria-describedby')!)?.textContent).toBe('First name is required.');

    await userEvent.click(within(summary).getByRole('link', { name: 'Email is required.' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(pathname()).toBe('/application/personal');
  });

  it('checks Latin names, matching emails and the masked phone and SSN', async () => {
    restore = mockWizardApi().restore;
    renderWizard('/application/personal');
    await screen.findByRole('heading', { name: 'Personal Information' });
    await userEvent.type(screen.getByLabelText('First name'), 'Мария');
    await userEvent.type(screen.getByLabelText('Email'), 'mary@example.com');
    await userEvent.type(screen.getByLabelText('Confirm email'), 'other@example.com');
    await userEvent.type(screen.getByLabelText('Phone number'), '55512');
    await next();
    expect(
      await screen.findByText("Type your first name in Latin letters (A–Z) as on your driver's license.", { selector: '.field__error' }),
    ).toBeTruthy();
    expect(screen.getByText('Emails must match.', { selector: '.field__error' })).toBeTruthy();
    expect(screen.getByText('Phone number must be 10 digits.', { selector: '.field__error' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('(555) 12');
  });

  it('refuses an SSN the SSA never issues and says to check the card', async () => {
    restore = mockWizardApi().restore;
    renderWizard('/application/personal');
    await screen.findByRole('heading', { name: 'Personal Information' });
    await userEvent.type(screen.getByLabelText('Social Security number'), '666123456');
    await next();
    const message =
      'This is not a valid SSN: none start with 000, 666 or 9, or have 00 in the middle or 0000 at the end. Check the number on the Social Security card.';
    expect(await screen.findByText(message, { selector: '.field__error' })).toBeTruthy();
    expect(screen.getByLabelText('Social Security number').getAttribute('aria-invalid')).toBe('true');
    expect(pathname()).toBe('/application/personal');
  });

  it('masks pasted phone, SSN and date text the way the schemas read them', async () => {
    restore = mockWizardApi().restore;
    renderWizard('/application/personal');
    await screen.findByRole('heading', { name: 'Personal Information' });
    const phone = screen.getByLabelText<HTMLInputElement>('Phone number');
    const ssn = screen.getByLabelText<HTMLInputElement>('Social Security number');
    const birth = screen.getByLabelText<HTMLInputElement>('Date of birth');
    paste(phone, '+1 555 123 4567');
    paste(ssn, '123 45 6789');
    paste(birth, '1990-01-31');
    expect(phone.value).toBe('(555) 123-4567');
    expect(ssn.value).toBe('123-45-6789');
    expect(birth.value).toBe('01/31/1990');
    await waitFor(() =>
      expect(savedPersonal()).toMatchObject({
        phone: '(555) 123-4567',
        ssn: '123-45-6789',
        dateOfBirth: '01/31/1990',
      }),
    );
  });

  it('turns a date of birth typed without leading zeros (4/5/1988) into 04/05/1988', async () => {
    restore = mockWizardApi().restore;
    renderWizard('/application/personal');
    await screen.findByRole('heading', { name: 'Personal Information' });
    const birth = screen.getByLabelText<HTMLInputElement>('Date of birth');
    await userEvent.type(birth, '4/5/1988');
    expect(birth.value).toBe('04/05/1988');
    await userEvent.clear(birth);
    await userEvent.type(birth, '12/25/1990');
    expect(birth.value).toBe('12/25/1990');
  });

  it('inside Telegram, starts with the name Telegram gave when the fields are empty', async () => {
    restore = mockWizardApi().restore;
    const user = {
      id: 42,
      firstName: 'Olena',
      lastName: 'Kovalenko',
      username: 'olena',
      languageCode: 'uk',
      photoUrl: null,
      isPremium: false,
    };
    renderWizard('/application/personal', { host: { ...createWebHost(), kind: 'telegram', user } });
    await screen.findByRole('heading', { name: 'Personal Information' });
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Olena');
    expect(screen.getByLabelText<HTMLInputElement>('Last name').value).toBe('Kovalenko');
    await waitFor(() => expect(savedPersonal()).toMatchObject({ firstName: 'Olena', lastName: 'Kovalenko' }));
  });

  it('inside Telegram, keeps the name already typed and offers no name in other letters', async () => {
    storeDraft({ carId: '', personal: { firstName: 'Helen' }, housing: {}, income: {}, driverLicense: {} });
    restore = mockWizardApi().restore;
    const user = {
      id: 42,
      firstName: 'Olena',
      lastName: 'Коваленко',
      username: null,
      languageCode: 'uk',
      photoUrl: null,
      isPremium: false,
    };
    renderWizard('/application/personal', { host: { ...createWebHost(), kind: 'telegram', user } });
    await screen.findByRole('heading', { name: 'Personal Information' });
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Helen');
    expect(screen.getByLabelText<HTMLInputElement>('Last name').value).toBe('');
  });

  it('undoes and redoes typing in a masked field', async () => {
    restore = mockWizardApi().restore;
    renderWizard('/application/personal');
    await screen.findByRole('heading', { name: 'Personal Information' });
    const phone = screen.getByLabelText<HTMLInputElement>('Phone number');
    await userEvent.type(phone, '5551');
    expect(phone.value).toBe('(555) 1');
    fireEvent.keyDown(phone, { key: 'z', keyCode: 90, ctrlKey: true });
    expect(phone.value).toBe('(555');
    fireEvent.keyDown(phone, { key: 'y', keyCode: 89, ctrlKey: true });
    expect(phone.value).toBe('(555) 1');
  });

  it('goes on to Housing with valid answers, kept in the draft', async () => {
    restore = mockWizardApi().restore;
    renderWizard('/application/personal');
    await screen.findByRole('heading', { name: 'Personal Information' });
    await userEvent.type(screen.getByLabelText('First name'), 'Mary Ann');
    await userEvent.type(screen.getByLabelText('Last name'), "O'Brien");
    await userEvent.type(screen.getByLabelText('Date of birth'), '01311990');
    await userEvent.type(screen.getByLabelText('Email'), 'mary@example.com');
    await userEvent.type(screen.getByLabelText('Confirm email'), 'Mary@Example.com');
    await userEvent.type(screen.getByLabelText('Phone number'), '5551234567');
    await userEvent.type(screen.getByLabelText('Social Security number'), '123456789');
    await userEvent.selectOptions(screen.getByLabelText('Marital status'), 'Married');
    await next();
    expect(await screen.findByRole('heading', { level: 1, name: 'Housing' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 5')).toBeTruthy();
    expect(savedPersonal()).toMatchObject({ firstName: 'Mary Ann', maritalStatus: 'Married' });
  });
});
