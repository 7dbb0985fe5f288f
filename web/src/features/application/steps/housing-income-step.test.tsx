import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { housingInput, incomeInput, personalInput } from '../../../../../domain/test-fixtures.ts';
import { employmentQuestions } from '../../../../../domain/employment.ts';
import { DRAFT_STORAGE_KEY } from '../../../lib/application-draft.ts';
import { mockWizardApi, pathname, renderWizard, storeDraft, submitted } from '../test/wizard-harness.tsx';
import { json } from '../../../test/render.tsx';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));
const savedDraft = () => JSON.parse(sessionStorage.getItem(DRAFT_STORAGE_KEY)!) as Record<string, Record<string, unknown>>;

describe('Housing', () => {
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
    expect(within(summary).getByRole('link', { name: 'Previous address: Address is required.' })).toBeTruthy();

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

describe('Income', () => {
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
    expect(within(previous).getByText('Years are required.', { selector: '.field__error' })).toBeTruthy();
    expect(screen.queryByText('Employer name is required.', { selector: '#field-employerName-error' })).toBeNull();
  });

  it('shows the employer that is saved and submitted after switching to Student and back', async () => {
    storeDraft({ carId: '', personal: personalInput(), housing: housingInput(), income: {}, driverLicense: { front: '12', back: '13' } });
    const api = mockWizardApi({ 'POST /api/applications': () => json(201, submitted) });
    restore = api.restore;
    renderWizard('/application/income?return=review');
    await screen.findByRole('heading', { level: 1, name: 'Income' });
    await userEvent.selectOptions(screen.getByLabelText('Employment status'), 'Employed');
    await userEvent.type(screen.getByLabelText('Employer name'), 'Acme Logistics');
    await userEvent.selectOptions(screen.getByLabelText('Employment status'), 'Student');
    await userEvent.type(screen.getByLabelText('School name'), 'UT Dallas');
    await userEvent.selectOptions(screen.getByLabelText('Employment status'), 'Employed');

    const employer = screen.getByLabelText<HTMLInputElement>('Employer name');
    expect(employer.value).not.toBe('UT Dallas');
    await waitFor(() => expect(savedDraft().income?.employerName ?? '').toBe(employer.value));
    await userEvent.clear(employer);
    await userEvent.type(employer, 'Acme Logistics');
    expect(savedDraft().income?.employerName).toBe('Acme Logistics');

    await userEvent.type(screen.getByLabelText('Monthly income, $'), '4200');
    await userEvent.type(screen.getByLabelText('Street address'), '1 Acme Way');
    await userEvent.type(screen.getByLabelText('City'), 'Dallas');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'TX');
    await userEvent.type(screen.getByLabelText('ZIP Code'), '75201');
    await userEvent.type(screen.getByLabelText('Years'), '3');
    await userEvent.type(screen.getByLabelText('Months'), '0');
    await next();
    await screen.findByRole('heading', { level: 1, name: 'Review Your Application' });
    expect(within(screen.getByRole('region', { name: 'Income' })).getByText('Acme Logistics')).toBeTruthy();
    await userEvent.click(await screen.findByRole('checkbox', { name: /obtain my consumer credit report/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Privacy Notice/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /E-SIGN Act/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/applications')).toBe(true));
    const post = api.calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/applications')!;
    expect(post.body).toMatchObject({
      application: { applicant: { currentEmployment: { employerName: 'Acme Logistics', status: 'Employed' } } },
    });
  });

  it.each([
    ['Employed', 'Employer', 'Employer name', true],
    ['Self-Employed', 'Your business', 'Business name', true],
    ['Active Military', 'Military service', 'Branch of service', true],
    ['Other', 'Employer or income source', 'Employer or income source', false],
    ['Retired', 'Retirement', 'Former employer or pension source', false],
    ['Retired Military', 'Retirement', 'Branch you retired from', false],
    ['Unemployed', 'Income source', 'Source of your income', false],
  ])(
    'asks a %s applicant in words that fit, and for a workplace address only where there is one',
    async (status, legend, name, address) => {
      storeDraft({ carId: '', personal: personalInput(), housing: housingInput(), income: {}, driverLicense: {} });
      restore = mockWizardApi().restore;
      renderWizard('/application/income');
      await screen.findByRole('heading', { level: 1, name: 'Income' });
      await userEvent.selectOptions(screen.getByLabelText('Employment status'), status);
      const section = screen.getByRole('group', { name: legend });
      expect(within(section).getByLabelText(name)).toBeTruthy();
      expect(within(section).queryByLabelText('Street address') !== null).toBe(address);
    },
  );

  it.each([
    ['someone out of work who has never had a job', 'Unemployed', 'Source of your income', 'Family support', '0'],
    ['a student who has never worked', 'Student', 'School name', 'UT Dallas', '1'],
    ['someone in a first job under 2 years', 'Self-Employed', 'Business name', 'Jane Doe Design', '1'],
  ])('%s completes the step honestly and the draft records no previous employment', async (_who, status, nameLabel, name, years) => {
    storeDraft({ carId: '', personal: personalInput(), housing: housingInput(), income: {}, driverLicense: {} });
    restore = mockWizardApi().restore;
    renderWizard('/application/income');
    await screen.findByRole('heading', { level: 1, name: 'Income' });
    await userEvent.selectOptions(screen.getByLabelText('Employment status'), status);
    await userEvent.type(screen.getByLabelText('Monthly income, $'), '1500');
    await userEvent.type(screen.getByLabelText(nameLabel), name);
    if (employmentQuestions(status).address) {
      await userEvent.type(screen.getByLabelText('Street address'), '12 Elm St.');
      await userEvent.type(screen.getByLabelText('City'), 'Springfield');
      await userEvent.selectOptions(screen.getByLabelText('State'), 'IL');
      await userEvent.type(screen.getByLabelText('ZIP Code'), '62701');
    }
    await userEvent.type(screen.getByLabelText('Years'), years);
    await userEvent.type(screen.getByLabelText('Months'), '2');
    const previous = await screen.findByRole('group', { name: 'Previous employment' });
    await userEvent.click(within(previous).getByRole('checkbox', { name: /I have had no job before this one/ }));
    expect(within(previous).queryByLabelText('Employer name')).toBeNull();
    await next();
    expect(await screen.findByRole('heading', { level: 1, name: 'Driver License Upload' })).toBeTruthy();
    expect(savedDraft().income).toMatchObject({ employmentStatus: status, noPreviousEmployment: 'yes' });
  });

  it('a retiree of 6 years names the pension and is asked no previous job', async () => {
    storeDraft({ carId: '', personal: personalInput(), housing: housingInput(), income: {}, driverLicense: {} });
    restore = mockWizardApi().restore;
    renderWizard('/application/income');
    await screen.findByRole('heading', { level: 1, name: 'Income' });
    await userEvent.selectOptions(screen.getByLabelText('Employment status'), 'Retired');
    await userEvent.type(screen.getByLabelText('Monthly income, $'), '2100');
    await userEvent.type(screen.getByLabelText('Former employer or pension source'), 'Social Security');
    await userEvent.type(screen.getByLabelText('Years'), '6');
    await userEvent.type(screen.getByLabelText('Months'), '0');
    expect(screen.queryByRole('group', { name: 'Previous employment' })).toBeNull();
    await next();
    expect(await screen.findByRole('heading', { level: 1, name: 'Driver License Upload' })).toBeTruthy();
  });

  it('asks the previous job’s time in years and months, like the current one’s', async () => {
    storeDraft({
      carId: '',
      personal: personalInput(),
      housing: housingInput(),
      income: incomeInput({ yearsAtEmployer: '1' }),
      driverLicense: {},
    });
    restore = mockWizardApi().restore;
    renderWizard('/application/income');
    const previous = await screen.findByRole('group', { name: 'Previous employment' });
    const time = within(previous).getByRole('group', { name: 'Time at that job' });
    expect(within(time).getByLabelText('Years')).toBeTruthy();
    expect(within(time).getByLabelText('Months')).toBeTruthy();
    expect(within(previous).queryByLabelText(/Total months/)).toBeNull();
  });
});
