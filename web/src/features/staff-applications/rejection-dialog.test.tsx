import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StaffApplication } from '../../../../domain/contracts/applications.ts';
import { mockFetch } from '../../test/render.tsx';
import { toast } from '../../components/toasts.tsx';
import { allowModalDialogs, pageOf, staffApplication } from '../../test/staff-fixtures.ts';
import { renderApplicationPage } from './test/application-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
beforeAll(allowModalDialogs);
afterEach(() => {
  network?.restore();
  toast.dismiss();
});

/** Typing, clicks and a refetch after a write: on a busy two-core machine these outlast the default 5 s. */
const CLICKS_AND_REFETCHES = { timeout: 15_000 };

/** Opens the application page, chooses Rejected and opens the rejection dialog. */
async function openRejection() {
  let status: StaffApplication['status'] = 'in_review';
  network = mockFetch({
    'GET /api/applications/user/5': () => staffApplication({ status }),
    'GET /api/applications/12/history': () => pageOf([]),
    'GET /api/applications/12/notes': () => [],
    'PATCH /api/applications/12/status': ({ body }) => {
      status = (body as { status: StaffApplication['status'] }).status;
      return staffApplication({ status });
    },
  });
  renderApplicationPage();
  await userEvent.selectOptions(await screen.findByLabelText('Status'), 'rejected');
  await userEvent.click(screen.getByRole('button', { name: 'Change status…' }));
  return screen.getByRole('dialog', { name: 'Reject the application?' });
}

const rejectButton = (dialog: HTMLElement) => within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Reject and send the notice' });
const reason = (dialog: HTMLElement, label: string) => within(dialog).getByRole<HTMLInputElement>('checkbox', { name: label });
const patchBodies = () => network!.calls.filter((call) => call.method === 'PATCH').map((call) => call.body);

describe('rejecting an application with an adverse-action notice', () => {
  it('keeps Reject disabled until a principal reason is chosen', CLICKS_AND_REFETCHES, async () => {
    const dialog = await openRejection();
    expect(rejectButton(dialog).disabled).toBe(true);
    await userEvent.click(reason(dialog, 'Unable to verify income'));
    expect(rejectButton(dialog).disabled).toBe(false);
  });

  it('allows at most four reasons: once four are ticked the others cannot be', CLICKS_AND_REFETCHES, async () => {
    const dialog = await openRejection();
    for (const label of ['Unable to verify income', 'Length of employment', 'Incomplete application', 'Limited credit experience'])
      await userEvent.click(reason(dialog, label));
    expect(reason(dialog, 'Insufficient length of residence').disabled).toBe(true);
    expect(reason(dialog, 'Length of employment').disabled).toBe(false);
    await userEvent.click(reason(dialog, 'Length of employment'));
    expect(reason(dialog, 'Insufficient length of residence').disabled).toBe(false);
  });

  it('asks for the text of the other reason before Reject can be pressed', CLICKS_AND_REFETCHES, async () => {
    const dialog = await openRejection();
    await userEvent.click(reason(dialog, 'Other'));
    expect(rejectButton(dialog).disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Other reason'), 'Vehicle not eligible');
    expect(rejectButton(dialog).disabled).toBe(false);
  });

  it('asks for the name, address and phone of an agency entered by hand when a credit report was used', CLICKS_AND_REFETCHES, async () => {
    const dialog = await openRejection();
    await userEvent.click(reason(dialog, 'Delinquent past or present credit obligations with others'));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Credit report used' }));
    expect(rejectButton(dialog).disabled).toBe(true);
    await userEvent.selectOptions(within(dialog).getByLabelText('Consumer reporting agency'), 'Another agency (enter its details)');
    await userEvent.type(within(dialog).getByLabelText('Credit bureau name'), 'Experian');
    await userEvent.type(within(dialog).getByLabelText('Credit bureau address'), 'P.O. Box 2002, Allen, TX 75013');
    expect(rejectButton(dialog).disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Credit bureau toll-free phone'), '1-888-397-3742');
    expect(rejectButton(dialog).disabled).toBe(false);
  });

  it('sends the status with the chosen reasons only when no other reason and no report apply', CLICKS_AND_REFETCHES, async () => {
    const dialog = await openRejection();
    await userEvent.click(reason(dialog, 'Excessive obligations in relation to income'));
    await userEvent.click(reason(dialog, 'Length of employment'));
    await userEvent.click(rejectButton(dialog));
    await waitFor(() =>
      expect(patchBodies()).toEqual([{ status: 'rejected', reasons: ['excessive_obligations', 'length_of_employment'] }]),
    );
  });

  it('sends the other reason’s text and the credit bureau with the reasons', CLICKS_AND_REFETCHES, async () => {
    const dialog = await openRejection();
    await userEvent.click(reason(dialog, 'Other'));
    await userEvent.type(within(dialog).getByLabelText('Other reason'), 'Vehicle not eligible');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Credit report used' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Consumer reporting agency'), 'Another agency (enter its details)');
    await userEvent.type(within(dialog).getByLabelText('Credit bureau name'), 'Experian');
    await userEvent.type(within(dialog).getByLabelText('Credit bureau address'), 'P.O. Box 2002, Allen, TX 75013');
    await userEvent.type(within(dialog).getByLabelText('Credit bureau toll-free phone'), '1-888-397-3742');
    await userEvent.click(rejectButton(dialog));
    await waitFor(() =>
      expect(patchBodies()).toEqual([
        {
          status: 'rejected',
          reasons: ['other'],
          otherReason: 'Vehicle not eligible',
          creditReport: { bureau: { name: 'Experian', address: 'P.O. Box 2002, Allen, TX 75013', phone: '1-888-397-3742' } },
        },
      ]),
    );
  });

  it('fills in a nationwide agency’s address and toll-free number from its name', CLICKS_AND_REFETCHES, async () => {
    const dialog = await openRejection();
    await userEvent.click(reason(dialog, 'Limited credit experience'));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Credit report used' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Consumer reporting agency'), 'Equifax');
    expect(within(dialog).getByText('P.O. Box 740241, Atlanta, GA 30374-0241 · 1-800-685-1111')).toBeTruthy();
    await userEvent.click(rejectButton(dialog));
    await waitFor(() =>
      expect(patchBodies()).toEqual([
        {
          status: 'rejected',
          reasons: ['limited_credit_experience'],
          creditReport: { bureau: { name: 'Equifax', address: 'P.O. Box 740241, Atlanta, GA 30374-0241', phone: '1-800-685-1111' } },
        },
      ]),
    );
  });

  /** Ticks a reason and the report from TransUnion, then the score, and fills its fields but the key factors. */
  async function scoreWithoutFactors(dialog: HTMLElement) {
    await userEvent.click(reason(dialog, 'Delinquent past or present credit obligations with others'));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Credit report used' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Consumer reporting agency'), 'TransUnion');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Credit score used' }));
    await userEvent.type(within(dialog).getByLabelText('Credit score'), '587');
    await userEvent.type(within(dialog).getByLabelText('Lowest possible score'), '300');
    await userEvent.type(within(dialog).getByLabelText('Highest possible score'), '850');
    await userEvent.type(within(dialog).getByLabelText('Date the score was created'), '2026-11-02');
  }
  const factorsField = (dialog: HTMLElement) => within(dialog).getByLabelText('Key factors that adversely affected the score (one a line)');

  it('sends the credit score with its range, date and key factors, one a line', CLICKS_AND_REFETCHES, async () => {
    const dialog = await openRejection();
    await scoreWithoutFactors(dialog);
    expect(rejectButton(dialog).disabled).toBe(true);
    await userEvent.type(factorsField(dialog), 'Serious delinquency{Enter}Too many accounts with balances');
    await userEvent.click(rejectButton(dialog));
    await waitFor(() =>
      expect(patchBodies()).toEqual([
        {
          status: 'rejected',
          reasons: ['delinquent_obligations'],
          creditReport: {
            bureau: { name: 'TransUnion', address: 'P.O. Box 1000, Chester, PA 19016', phone: '1-800-888-4213' },
            score: {
              score: 587,
              min: 300,
              max: 850,
              createdOn: '2026-11-02',
              keyFactors: ['Serious delinquency', 'Too many accounts with balances'],
            },
          },
        },
      ]),
    );
  });

  it('says a score outside its range is wrong and keeps Reject disabled', CLICKS_AND_REFETCHES, async () => {
    const dialog = await openRejection();
    await scoreWithoutFactors(dialog);
    await userEvent.type(factorsField(dialog), 'Serious delinquency');
    await userEvent.clear(within(dialog).getByLabelText('Credit score'));
    await userEvent.type(within(dialog).getByLabelText('Credit score'), '900');
    expect(within(dialog).getByText('Enter a whole number within the range of possible scores.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Credit score').getAttribute('aria-invalid')).toBe('true');
    expect(rejectButton(dialog).disabled).toBe(true);
  });

  it('takes a fifth key factor only when one of them is the number of inquiries', CLICKS_AND_REFETCHES, async () => {
    const dialog = await openRejection();
    await scoreWithoutFactors(dialog);
    await userEvent.type(factorsField(dialog), 'One{Enter}Two{Enter}Three{Enter}Four{Enter}Five');
    expect(within(dialog).getByText('Give up to four key factors, or five when one of them is the number of inquiries.')).toBeTruthy();
    expect(rejectButton(dialog).disabled).toBe(true);
    await userEvent.clear(factorsField(dialog));
    await userEvent.type(factorsField(dialog), 'One{Enter}Two{Enter}Three{Enter}Four{Enter}Number of recent inquiries');
    expect(within(dialog).queryByText('Give up to four key factors, or five when one of them is the number of inquiries.')).toBeNull();
    expect(rejectButton(dialog).disabled).toBe(false);
  });
});
