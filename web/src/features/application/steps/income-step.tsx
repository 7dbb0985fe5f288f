import { useLingui } from '@lingui/react';
import { useSetAtom, useStore } from 'jotai';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { EMPLOYMENT_STATUSES, employmentStatusLabels, toOptions } from '../../../../../domain/enums.ts';
import { incomeSchema, type IncomeInput } from '../../../../../domain/wizard.schema.ts';
import { draftIncomeAtom } from '../../../lib/application-draft.ts';
import { AddressFields, addressNames, MaskedField, SelectField, TextField } from '../components/fields.tsx';
import { StepShell, useStepForm } from '../components/step-shell.tsx';
import { formValuesOf, needsPreviousHistory } from '../wizard-steps.ts';

const STATUS_OPTIONS = toOptions(EMPLOYMENT_STATUSES, employmentStatusLabels);

/** The employer's part, or the school's for a student (spec §5: school name for Student). */
function CurrentWork() {
  const { i18n } = useLingui();
  const status = useWatch<IncomeInput, 'employmentStatus'>({ name: 'employmentStatus' });
  if (status === 'Student') {
    return (
      <fieldset className="wizard-section">
        <legend>{i18n._('School')}</legend>
        <div className="field-grid">
          <TextField name="schoolName" label={i18n._('School name')} autoComplete="organization" />
          <MaskedField name="schoolPhone" kind="phone" label={i18n._('School phone')} autoComplete="off" required={false} />
        </div>
      </fieldset>
    );
  }
  return (
    <fieldset className="wizard-section">
      <legend>{i18n._('Employer')}</legend>
      <div className="field-grid">
        <TextField name="employerName" label={i18n._('Employer name')} autoComplete="organization" />
        <TextField name="occupation" label={i18n._('Occupation')} autoComplete="organization-title" required={false} />
        <MaskedField name="employerPhone" kind="phone" label={i18n._('Work phone')} autoComplete="off" required={false} />
      </div>
      <p className="field__hint">{i18n._("Employer's address: optional, but once you start it, fill in the street, city, state and ZIP code.")}</p>
      <AddressFields
        names={{ line1: 'streetAddress', line2: 'suitNumber', city: 'city', state: 'state', postalCode: 'zip' }}
        section="work"
        required={false}
      />
    </fieldset>
  );
}

function PreviousEmployment() {
  const { i18n } = useLingui();
  const [years, months] = useWatch<IncomeInput, ['yearsAtEmployer', 'monthsAtEmployer']>({ name: ['yearsAtEmployer', 'monthsAtEmployer'] });
  if (!needsPreviousHistory(years, months)) return null;
  return (
    <fieldset className="wizard-section" aria-describedby="previous-employment-why">
      <legend>{i18n._('Previous employment')}</legend>
      <p id="previous-employment-why" className="field__hint">
        {i18n._('You have been at your current job for less than 2 years, so we also need your previous one.')}
      </p>
      <div className="field-grid">
        <TextField name="previousEmployment.employerName" label={i18n._('Employer name')} autoComplete="off" />
        <TextField name="previousEmployment.occupation" label={i18n._('Occupation')} autoComplete="off" />
        <SelectField name="previousEmployment.status" label={i18n._('Employment status')} options={STATUS_OPTIONS} />
        <TextField name="previousEmployment.totalMonthsEmployed" label={i18n._('Total months employed')} inputMode="numeric" maxLength={4} />
      </div>
      <AddressFields names={addressNames('previousEmployment.address')} section="previous-work" />
    </fieldset>
  );
}

/** Step 3, Income (spec §3 Applicant: income; §5 Wizard: income). */
export function IncomeStep() {
  const { i18n } = useLingui();
  const store = useStore();
  const save = useSetAtom(draftIncomeAtom);
  const [defaultValues] = useState(() => formValuesOf('income', store.get(draftIncomeAtom)));
  const form = useStepForm({ step: 'income', schema: incomeSchema, defaultValues, save });
  return (
    <StepShell step="income" form={form}>
      <div className="field-grid">
        <SelectField name="employmentStatus" label={i18n._('Employment status')} options={STATUS_OPTIONS} />
        <TextField name="monthlyIncome" label={i18n._('Monthly income, $')} hint={i18n._('Before taxes; at least $1.')} inputMode="decimal" />
      </div>
      <CurrentWork />
      <fieldset className="wizard-section">
        <legend>{i18n._('Time at current job or school')}</legend>
        <div className="field-grid field-grid--pair">
          <TextField name="yearsAtEmployer" label={i18n._('Years')} inputMode="numeric" maxLength={3} />
          <TextField name="monthsAtEmployer" label={i18n._('Months')} inputMode="numeric" maxLength={2} hint={i18n._('0 to 11')} />
        </div>
      </fieldset>
      <fieldset className="wizard-section">
        <legend>{i18n._('Additional income')}</legend>
        <div className="field-grid">
          <TextField name="additionalIncomeSource" label={i18n._('Source of additional income')} required={false} />
          <TextField name="additionalIncomeAmount" label={i18n._('Additional monthly income, $')} inputMode="decimal" required={false} />
        </div>
      </fieldset>
      <PreviousEmployment />
    </StepShell>
  );
}
