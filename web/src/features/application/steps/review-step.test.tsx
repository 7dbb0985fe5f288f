import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { addressInput, housingInput, incomeInput, personalInput } from '../../../../../domain/test-fixtures.ts';
import { DRAFT_STORAGE_KEY } from '../../../lib/application-draft.ts';
import { mockWizardApi, pathname, renderWizard, storeDraft, submitted } from '../test/wizard-harness.tsx';
import { json } from '../../../test/render.tsx';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

const complete = () => ({
  carId: '',
  personal: personalInput(),
  housing: housingInput(),
  income: incomeInput(),
  driverLicense: { front: '12', back: '13' },
});

const submitButton = () => screen.getByRole('button', { name: 'Submit Application' });

async function tickRequired() {
  await userEvent.click(await screen.findByRole('checkbox', { name: /obtain my consumer credit report/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: /Privacy Notice/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: /E-SIGN Act/ }));
}

describe('Review Your Application', () => {
  it('shows every answer by step with Edit links, and the SSN masked until asked', async () => {
    storeDraft(complete());
    restore = mockWizardApi().restore;
    renderWizard('/application/review');
    await screen.findByRole('heading', { level: 1, name: 'Review Your Application' });
    expect(screen.getByText('Step 5 of 5')).toBeTruthy();
    const personal = screen.getByRole('region', { name: 'Personal Information' });
    expect(within(personal).getByText("Mary Ann O'Brien")).toBeTruthy();
    expect(within(personal).getByText('***-**-6789')).toBeTruthy();
    await userEvent.click(within(personal).getByRole('button', { name: 'Show SSN' }));
    expect(within(personal).getByText('123-45-6789')).toBeTruthy();
    const edit = within(screen.getByRole('region', { name: 'Housing' })).getByRole('link', { name: /^Edit\s*Housing$/ });
    expect(edit.getAttribute('href')).toBe('/application/housing?return=review');
    await userEvent.click(edit);
    await screen.findByRole('heading', { level: 1, name: 'Housing' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Review Your Application' })).toBeTruthy();
  });

  it('asks for the required consents before submitting', async () => {
    storeDraft(complete());
    const api = mockWizardApi();
    restore = api.restore;
    renderWizard('/application/review');
    await screen.findByRole('checkbox', { name: /Privacy Notice/ });
    await userEvent.click(submitButton());
    expect(await screen.findByText('Authorize the credit check to submit your application.')).toBeTruthy();
    expect(screen.getByText('Acknowledge the privacy notice to submit your application.')).toBeTruthy();
    expect(screen.getByText('Tick the required consents to submit your application.')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says "1 year, 1 month" and "3 years, 0 months" with proper plurals', async () => {
    storeDraft({ ...complete(), housing: housingInput({ yearsAtAddress: '1', monthsAtAddress: '1', previousAddress: addressInput() }) });
    restore = mockWizardApi().restore;
    renderWizard('/application/review');
    const housing = await screen.findByRole('region', { name: 'Housing' });
    expect(within(housing).getByText('1 year, 1 month')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Income' })).getByText('3 years, 0 months')).toBeTruthy();
  });

  it('lets a long email address break only before the @ and after a dot', async () => {
    storeDraft({
      ...complete(),
      personal: personalInput({
        email: 'maryann.obrien.longname@example-mail.com',
        verifyEmail: 'maryann.obrien.longname@example-mail.com',
      }),
    });
    restore = mockWizardApi().restore;
    renderWizard('/application/review');
    const email = (await screen.findByText('Email', { selector: 'dt' })).nextElementSibling!;
    expect(email.innerHTML).toBe('<span class="review-email">maryann.<wbr>obrien.<wbr>longname<wbr>@example-mail.<wbr>com</span>');
  });

  it('links the missing-consents error to the consents, which are marked invalid', async () => {
    storeDraft(complete());
    restore = mockWizardApi().restore;
    renderWizard('/application/review');
    const credit = await screen.findByRole('checkbox', { name: /obtain my consumer credit report/ });
    await userEvent.click(screen.getByRole('checkbox', { name: /Privacy Notice/ }));
    await userEvent.click(submitButton());
    const link = await screen.findByRole('link', { name: 'Tick the required consents to submit your application.' });
    expect(credit.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('checkbox', { name: /E-SIGN Act/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('checkbox', { name: /Privacy Notice/ }).getAttribute('aria-invalid')).toBe('false');
    await userEvent.click(link);
    expect(document.activeElement).toBe(credit);
  });

  it('shows each consent without internal version notes, and links the privacy consent to the notice', async () => {
    storeDraft(complete());
    restore = mockWizardApi().restore;
    renderWizard('/application/review');
    const consents = await screen.findByRole('group', { name: 'Consents' });
    await within(consents).findByRole('checkbox', { name: /Privacy Notice/ });
    expect(consents.textContent).not.toMatch(/version|required ·/);
    expect(within(consents).getByRole('link', { name: 'Read the Privacy Notice' }).getAttribute('href')).toBe('/privacy');
    expect(within(consents).getByRole('checkbox', { name: /vehicle offers and promotions.*\(optional\)/ })).toBeTruthy();
  });

  it('submits once with one Idempotency-Key, kept for the retry, then shows the status and clears the draft', async () => {
    storeDraft(complete());
    let answers = 0;
    // The first answer waits until both clicks of the double click are in: answered sooner, the
    // second click would be a deliberate retry of a failed submission rather than a duplicate.
    let answerFirst = () => {};
    const firstAnswer = new Promise<void>((resolve) => (answerFirst = resolve));
    const api = mockWizardApi({
      'POST /api/applications': async () => {
        answers += 1;
        if (answers > 1) return json(201, submitted);
        await firstAnswer;
        return json(503, { error: { code: 'database_unavailable', message: 'down' } });
      },
      'GET /api/applications/mine': () => (answers >= 2 ? submitted : null),
    });
    restore = api.restore;
    renderWizard('/application/review');
    await tickRequired();
    await userEvent.dblClick(submitButton());
    answerFirst();
    expect(await screen.findByText(/check your connection and press Submit Application again/)).toBeTruthy();
    await userEvent.click(submitButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application' })).toBeTruthy();

    const posts = api.calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/applications');
    expect(posts).toHaveLength(2);
    const keys = posts.map((post) => post.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(posts[0]!.body).toMatchObject({
      userId: 7,
      carId: null,
      images: { front: '12', back: '13' },
      application: { applicant: { firstName: 'Mary Ann', phone: '+15551234567', ssn: '123456789', dateOfBirth: '1990-01-31' } },
      consents: [
        { kind: 'credit_check', version: '2026-11-01' },
        { kind: 'privacy_notice', version: '2026-11-01' },
        { kind: 'electronic_records', version: '2026-11-01' },
      ],
    });
    expect(posts[0]!.body).not.toHaveProperty('dealer');
    expect(pathname()).toBe('/application');
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(DRAFT_STORAGE_KEY)!)).toEqual({
        carId: '',
        personal: {},
        housing: {},
        income: {},
        driverLicense: {},
      }),
    );
  });

  it('sends one application for a double click while it is still checking who the applicant is', async () => {
    storeDraft(complete());
    let meAnswers = 0;
    let answerAgain = () => {};
    const askedAgain = new Promise<void>((resolve) => (answerAgain = resolve));
    const api = mockWizardApi({
      // The first answer has no user, so Submit asks again; the second comes only once both clicks are in.
      'GET /api/me': async () => {
        meAnswers += 1;
        if (meAnswers > 1) await askedAgain;
        return { user: meAnswers > 1 ? { id: 7 } : null, isAdmin: false, via: 'none' };
      },
      'POST /api/applications': () => json(201, submitted),
      'GET /api/applications/mine': () => submitted,
    });
    restore = api.restore;
    renderWizard('/application/review');
    await tickRequired();
    await userEvent.dblClick(submitButton());
    await waitFor(() => expect(meAnswers).toBeGreaterThan(1));
    answerAgain();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application' })).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/applications')).toHaveLength(1);
  });

  it('takes the applicant to the step the server refused', async () => {
    storeDraft(complete());
    restore = mockWizardApi({
      'POST /api/applications': () =>
        json(400, {
          error: { code: 'bad_request', message: 'Invalid', fields: { 'application.applicant.address.city': 'City is required.' } },
        }),
    }).restore;
    renderWizard('/application/review');
    await tickRequired();
    await userEvent.click(submitButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Housing' })).toBeTruthy();
    expect(pathname()).toBe('/application/housing');
  });
});

describe('status and save and resume', () => {
  it('shows the status to someone who already applied', async () => {
    restore = mockWizardApi({ 'GET /api/applications/mine': () => submitted }).restore;
    renderWizard('/application/personal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application' })).toBeTruthy();
  });

  it('offers the server draft, and Continue opens the first unfinished step', async () => {
    const saved = { carId: '', personal: personalInput(), housing: { city: 'Springfield' } };
    restore = mockWizardApi({ 'GET /api/applications/draft': () => ({ draft: saved, updatedAt: '2026-06-15T12:00:00.000Z' }) }).restore;
    renderWizard('/application');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back — continue where you left off?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Housing' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('City').value).toBe('Springfield');
  });

  it('Start over asks before deleting the saved answers and photos, and keeps them when the applicant changes their mind', async () => {
    const saved = { carId: '', personal: personalInput() };
    const api = mockWizardApi({ 'GET /api/applications/draft': () => ({ draft: saved, updatedAt: '2026-06-15T12:00:00.000Z' }) });
    restore = api.restore;
    renderWizard('/application');
    await userEvent.click(await screen.findByRole('button', { name: 'Start over' }));
    const question = await screen.findByRole('heading', { name: 'Delete your saved application?' });
    expect(document.activeElement).toBe(question);
    expect(screen.getByText(/photos of your driver license will be deleted/)).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Keep my answers' }));
    expect(screen.queryByRole('heading', { name: 'Delete your saved application?' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Housing' })).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('Start over deletes the server draft and starts empty; later changes are saved', async () => {
    const saved = { carId: '', personal: personalInput() };
    const api = mockWizardApi({ 'GET /api/applications/draft': () => ({ draft: saved, updatedAt: '2026-06-15T12:00:00.000Z' }) });
    restore = api.restore;
    renderWizard('/application');
    await userEvent.click(await screen.findByRole('button', { name: 'Start over' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete and start over' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Car loan application' })).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/applications/draft')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Start application' }));
    await userEvent.type(await screen.findByLabelText('First name'), 'Ann');
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true), { timeout: 3000 });
    const put = api.calls.filter((call) => call.method === 'PUT').at(-1)!;
    expect(put.body).toMatchObject({ carId: '', personal: { firstName: 'Ann', lastName: '' } });
  });
});
