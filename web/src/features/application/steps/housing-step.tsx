import { useLingui } from '@lingui/react';
import { useSetAtom, useStore } from 'jotai';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { HOUSING_STATUSES, housingStatusLabels, toOptions } from '../../../../../domain/enums.ts';
import { housingSchema, type HousingInput } from '../../../../../domain/wizard.schema.ts';
import { draftHousingAtom } from '../../../lib/application-draft.ts';
import { AddressFields, addressNames, SelectField, TextField } from '../components/fields.tsx';
import { StepShell, useStepForm } from '../components/step-shell.tsx';
import { formValuesOf, needsPreviousHistory } from '../wizard-steps.ts';

const OWNERSHIP_OPTIONS = toOptions(HOUSING_STATUSES, housingStatusLabels);

function PreviousAddress() {
  const { i18n } = useLingui();
  const [years, months] = useWatch<HousingInput, ['yearsAtAddress', 'monthsAtAddress']>({ name: ['yearsAtAddress', 'monthsAtAddress'] });
  if (!needsPreviousHistory(years, months)) return null;
  return (
    <fieldset className="wizard-section" aria-describedby="previous-address-why">
      <legend>{i18n._('Previous address')}</legend>
      <p id="previous-address-why" className="field__hint">
        {i18n._('You have lived at your current address for less than 2 years, so we also need your previous one.')}
      </p>
      <AddressFields names={addressNames('previousAddress')} section="previous" />
    </fieldset>
  );
}

/** Step 2, Housing (docs/product/application-wizard.md#housing). */
export function HousingStep() {
  const { i18n } = useLingui();
  const store = useStore();
  const save = useSetAtom(draftHousingAtom);
  const [defaultValues] = useState(() => formValuesOf('housing', store.get(draftHousingAtom)));
  const form = useStepForm({ step: 'housing', schema: housingSchema, defaultValues, save });
  const ownership = form.watch('ownership');
  return (
    <StepShell step="housing" form={form}>
      <div className="field-grid">
        <SelectField name="ownership" label={i18n._('Housing status')} options={OWNERSHIP_OPTIONS} />
        <TextField
          name="monthlyPayment"
          label={ownership === 'Rent' ? i18n._('Monthly rent, $') : i18n._('Monthly housing payment, $')}
          hint={ownership === 'Rent' ? i18n._('At least $100.') : i18n._('Mortgage or other housing payment; leave empty if none.')}
          inputMode="decimal"
          required={ownership === 'Rent'}
        />
      </div>
      <fieldset className="wizard-section">
        <legend>{i18n._('Current address')}</legend>
        <AddressFields
          names={{ line1: 'address', line2: 'suiteAptNumber', city: 'city', state: 'state', postalCode: 'postalCode' }}
          section="home"
        />
      </fieldset>
      <fieldset className="wizard-section">
        <legend>{i18n._('Time at current address')}</legend>
        <div className="field-grid field-grid--pair">
          <TextField name="yearsAtAddress" label={i18n._('Years')} inputMode="numeric" maxLength={3} />
          <TextField name="monthsAtAddress" label={i18n._('Months')} inputMode="numeric" maxLength={2} hint={i18n._('0 to 11')} />
        </div>
      </fieldset>
      <PreviousAddress />
    </StepShell>
  );
}
