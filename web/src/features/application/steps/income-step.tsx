import { useLingui } from '@lingui/react';
import { useSetAtom, useStore } from 'jotai';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { employmentQuestions, PREVIOUS_JOB_STATUSES } from '../../../../../domain/employment.ts';
import { EMPLOYMENT_STATUSES, employmentStatusLabels, toOptions } from '../../../../../domain/enums.ts';
import { incomeSchema, NO_PREVIOUS_EMPLOYMENT, type IncomeInput } from '../../../../../domain/wizard.schema.ts';
import { draftIncomeAtom } from '../../../lib/application-draft.ts';
import { AddressFields, addressNames, MaskedField, SelectField, TextField } from '../components/fields.tsx';
import { StepShell, useStepForm } from '../components/step-shell.tsx';
import { fieldId, formValuesOf, needsPreviousHistory } from '../wizard-steps.ts';
import { wordingOf } from './work-wording.ts';

const STATUS_OPTIONS = toOptions(EMPLOYMENT_STATUSES, employmentStatusLabels);
const PREVIOUS_STATUS_OPTIONS = toOptions(PREVIOUS_JOB_STATUSES, employmentStatusLabels);

/**
 * The employer's part, worded for the status; a student's school (docs/product/application-wizard.md#income: school name for Student).
 * Each status's fieldset has its own key, so its inputs are its own elements and never show another
 * branch's answer.
 */
function CurrentWork() {
  const { i18n } = useLingui();
  const status = useWatch<IncomeInput, 'employmentStatus'>({ name: 'employmentStatus' }) ?? '';
  const asked = employmentQuestions(status);
  const words = wordingOf(status);
  if (asked.school) {
    return (
      <fieldset key="school" className="wizard-section">
        <legend>{i18n._(words.legend)}</legend>
        <div className="field-grid">
          <TextField name="schoolName" label={i18n._(words.name)} autoComplete="organization" />
          <MaskedField name="schoolPhone" kind="phone" label={i18n._('School phone')} autoComplete="off" required={false} />
        </div>
      </fieldset>
    );
  }
  return (
    <fieldset key="employer" className="wizard-section">
      <legend>{i18n._(words.legend)}</legend>
      <div className="field-grid">
        <TextField name="employerName" label={i18n._(words.name)} hint={words.hint && i18n._(words.hint)} autoComplete="organization" />
        {asked.occupation && words.occupation ? (
          <TextField name="occupation" label={i18n._(words.occupation)} autoComplete="organization-title" required={false} />
        ) : null}
        {asked.phone ? (
          <MaskedField name="employerPhone" kind="phone" label={i18n._('Work phone')} autoComplete="off" required={false} />
        ) : null}
      </div>
      {asked.address ? (
        <AddressFields
          names={{ line1: 'streetAddress', line2: 'suitNumber', city: 'city', state: 'state', postalCode: 'zip' }}
          section="work"
        />
      ) : null}
    </fieldset>
  );
}

function TimeAtWork() {
  const { i18n } = useLingui();
  const status = useWatch<IncomeInput, 'employmentStatus'>({ name: 'employmentStatus' }) ?? '';
  return (
    <fieldset className="wizard-section">
      <legend>{i18n._(wordingOf(status).time)}</legend>
      <div className="field-grid field-grid--pair">
        <TextField name="yearsAtEmployer" label={i18n._('Years')} inputMode="numeric" maxLength={3} />
        <TextField name="monthsAtEmployer" label={i18n._('Months')} inputMode="numeric" maxLength={2} hint={i18n._('0 to 11')} />
      </div>
    </fieldset>
  );
}

/** "I have no previous employment": the form holds 'yes' or '' (a draft holds text). */
function NoPreviousEmploymentBox() {
  const { i18n } = useLingui();
  const { control } = useFormContext<IncomeInput>();
  const id = fieldId('noPreviousEmployment');
  return (
    <Controller
      control={control}
      name="noPreviousEmployment"
      render={({ field }) => (
        <div className="consent">
          <input
            id={id}
            ref={field.ref}
            name={field.name}
            type="checkbox"
            className="consent__box"
            checked={field.value === NO_PREVIOUS_EMPLOYMENT}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(event.target.checked ? NO_PREVIOUS_EMPLOYMENT : '')}
          />
          <label htmlFor={id} className="consent__text">
            {i18n._('I have had no job before this one (for example, this is my first job, or I am a student who has not worked).')}
          </label>
        </div>
      )}
    />
  );
}

/** docs/product/application-wizard.md#income: under 2 years, the job before; or the applicant's declaration that there was none. */
function PreviousEmployment() {
  const { i18n } = useLingui();
  const [years, months, none] = useWatch<IncomeInput, ['yearsAtEmployer', 'monthsAtEmployer', 'noPreviousEmployment']>({
    name: ['yearsAtEmployer', 'monthsAtEmployer', 'noPreviousEmployment'],
  });
  if (!needsPreviousHistory(years, months)) return null;
  return (
    <fieldset className="wizard-section" aria-describedby="previous-employment-why">
      <legend>{i18n._('Previous employment')}</legend>
      <p id="previous-employment-why" className="field__hint">
        {i18n._('You have been at your current job or source of income for less than 2 years, so we also ask about the job before it.')}
      </p>
      <NoPreviousEmploymentBox />
      {none === NO_PREVIOUS_EMPLOYMENT ? null : (
        <>
          <div className="field-grid">
            <TextField name="previousEmployment.employerName" label={i18n._('Employer name')} autoComplete="off" />
            <TextField name="previousEmployment.occupation" label={i18n._('Occupation')} autoComplete="off" />
            <SelectField name="previousEmployment.status" label={i18n._('Employment status')} options={PREVIOUS_STATUS_OPTIONS} />
          </div>
          <fieldset className="wizard-subsection">
            <legend>{i18n._('Time at that job')}</legend>
            <div className="field-grid field-grid--pair">
              <TextField name="previousEmployment.yearsEmployed" label={i18n._('Years')} inputMode="numeric" maxLength={3} />
              <TextField
                name="previousEmployment.monthsEmployed"
                label={i18n._('Months')}
                inputMode="numeric"
                maxLength={2}
                hint={i18n._('0 to 11')}
              />
            </div>
          </fieldset>
          <AddressFields names={addressNames('previousEmployment.address')} section="previous-work" />
        </>
      )}
    </fieldset>
  );
}

/** Step 3, Income (docs/product/application-wizard.md#income). */
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
        <TextField
          name="monthlyIncome"
          label={i18n._('Monthly income, $')}
          hint={i18n._('Before taxes; at least $1.')}
          inputMode="decimal"
        />
      </div>
      <CurrentWork />
      <TimeAtWork />
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
