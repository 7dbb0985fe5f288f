import { useLingui } from '@lingui/react';
import { FormProvider, type UseFormReturn } from 'react-hook-form';
import type { ApplicationEditInput, ApplicationEditValues } from '../../../../domain/application-edit.schema.ts';
import {
  EMPLOYMENT_STATUSES,
  employmentStatusLabels,
  HOUSING_STATUSES,
  housingStatusLabels,
  MARITAL_STATUSES,
  maritalStatusLabels,
  SUFFIXES,
  suffixLabels,
  toOptions,
} from '../../../../domain/enums.ts';
import { AddressFields, EmploymentFields, MaskedInput, SelectInput, TextInput } from './edit-fields.tsx';
import { FIELD_LABELS } from './labels.ts';

export const EDIT_FORM_ID = 'application-edit-form';

const SUFFIX_OPTIONS = toOptions(SUFFIXES, suffixLabels);
const MARITAL_OPTIONS = toOptions(MARITAL_STATUSES, maritalStatusLabels);
const HOUSING_OPTIONS = toOptions(HOUSING_STATUSES, housingStatusLabels);
const EMPLOYMENT_OPTIONS = toOptions(EMPLOYMENT_STATUSES, employmentStatusLabels);

interface ApplicationEditFormProps {
  form: UseFormReturn<ApplicationEditInput, unknown, ApplicationEditValues>;
  onSave: (values: ApplicationEditValues) => void;
}

/**
 * Edit mode (docs/product/staff-dashboard.md#editing-an-application): the same three sections as inputs, checked by applicationEditSchema.
 * Save and Cancel live in the page's header and submit this form by its id.
 */
export function ApplicationEditForm({ form, onSave }: ApplicationEditFormProps) {
  const { i18n } = useLingui();
  const label = (key: keyof typeof FIELD_LABELS) => i18n._(FIELD_LABELS[key]);
  return (
    <FormProvider {...form}>
      <form id={EDIT_FORM_ID} className="detail-sections" noValidate onSubmit={(event) => void form.handleSubmit(onSave)(event)}>
        <section className="card detail-section" aria-labelledby="edit-personal">
          <h3 id="edit-personal">{i18n._('Personal Information')}</h3>
          <div className="edit-grid">
            <TextInput name="firstName" label={label('firstName')} />
            <TextInput name="lastName" label={label('lastName')} />
            <SelectInput name="suffix" label={label('suffix')} options={SUFFIX_OPTIONS} emptyOption={false} />
            <MaskedInput name="dateOfBirth" label={label('dateOfBirth')} mask="date" />
            <TextInput name="email" label={label('email')} type="email" />
            <MaskedInput name="phone" label={label('phone')} mask="phone" />
            <MaskedInput name="ssn" label={label('ssn')} mask="ssn" />
            <SelectInput name="maritalStatus" label={label('maritalStatus')} options={MARITAL_OPTIONS} />
          </div>
        </section>
        <section className="card detail-section" aria-labelledby="edit-housing">
          <h3 id="edit-housing">{i18n._('Housing Information')}</h3>
          <div className="edit-grid">
            <SelectInput name="housingStatus" label={label('housingStatus')} options={HOUSING_OPTIONS} />
            <TextInput name="mortgageOrRentAmount" label={label('mortgageOrRentAmount')} inputMode="decimal" />
            <TextInput name="monthsAtCurrentAddress" label={i18n._('Months at current address')} inputMode="numeric" />
          </div>
          <AddressFields prefix="address" legend={label('address')} />
          <AddressFields prefix="previousAddress" legend={label('previousAddress')} />
        </section>
        <section className="card detail-section" aria-labelledby="edit-income">
          <h3 id="edit-income">{i18n._('Income Information')}</h3>
          <div className="edit-grid">
            <TextInput name="income" label={label('income')} inputMode="decimal" />
            <TextInput name="otherIncomeSource" label={label('otherIncomeSource')} />
            <TextInput name="otherIncomeAmount" label={label('otherIncomeAmount')} inputMode="decimal" />
          </div>
          <EmploymentFields prefix="currentEmployment" legend={label('currentEmployment')} statusOptions={EMPLOYMENT_OPTIONS} />
          <EmploymentFields prefix="previousEmployment" legend={label('previousEmployment')} statusOptions={EMPLOYMENT_OPTIONS} />
        </section>
      </form>
    </FormProvider>
  );
}
