import { useLingui } from '@lingui/react';
import { useSetAtom, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { normalizeText, requiredText, textRules, type TextRule } from '../../../../../domain/fields.ts';
import { validationMessages } from '../../../../../domain/messages.ts';
import { MARITAL_STATUSES, maritalStatusLabels, SUFFIXES, suffixLabels, toOptions } from '../../../../../domain/enums.ts';
import { createPersonalSchema } from '../../../../../domain/wizard.schema.ts';
import { useHost, type HostApi } from '../../../host/index.ts';
import { draftPersonalAtom } from '../../../lib/application-draft.ts';
import { MaskedField, SelectField, TextField } from '../components/fields.tsx';
import { StepShell, useStepForm } from '../components/step-shell.tsx';
import { formValuesOf } from '../wizard-steps.ts';

const SUFFIX_OPTIONS = toOptions(SUFFIXES, suffixLabels);
const MARITAL_OPTIONS = toOptions(MARITAL_STATUSES, maritalStatusLabels);

type PersonalForm = ReturnType<typeof formValuesOf<'personal'>>;

/**
 * Inside Telegram the applicant's name is known from the init data: an empty first or last name starts
 * with it. Only a name the field accepts is offered (Latin letters); one in other letters would greet the
 * applicant with an error, so the field is left for them to type.
 */
function withTelegramName(values: PersonalForm, user: HostApi['user']): PersonalForm {
  if (!user) return values;
  const offer = (current: string, given: string | null, rule: TextRule) =>
    current === '' && given !== null && v.is(requiredText(rule, validationMessages.required), given) ? normalizeText(given) : current;
  const firstName = offer(values.firstName, user.firstName, textRules.firstName);
  const lastName = offer(values.lastName, user.lastName, textRules.lastName);
  return firstName === values.firstName && lastName === values.lastName ? values : { ...values, firstName, lastName };
}

/** Step 1, Personal Information (docs/product/application-wizard.md#personal-information). */
export function PersonalStep() {
  const { i18n } = useLingui();
  const store = useStore();
  const save = useSetAtom(draftPersonalAtom);
  // Built once per visit of the step: the age rule reads today's date.
  const [schema] = useState(() => createPersonalSchema());
  const host = useHost();
  const [stored] = useState(() => formValuesOf('personal', store.get(draftPersonalAtom)));
  const [defaultValues] = useState(() => withTelegramName(stored, host.user));
  const form = useStepForm({ step: 'personal', schema, defaultValues, save });
  // The offered name is an answer like a typed one: it is in the draft even if nothing else changes.
  useEffect(() => {
    if (defaultValues !== stored) save(defaultValues);
  }, [defaultValues, stored, save]);
  return (
    <StepShell step="personal" form={form}>
      <p className="notice">{i18n._('Please use Latin characters only (A–Z) when you fill in the application.')}</p>
      <div className="field-grid">
        <TextField name="firstName" label={i18n._('First name')} autoComplete="given-name" spellCheck={false} maxLength={50} />
        <TextField name="lastName" label={i18n._('Last name')} autoComplete="family-name" spellCheck={false} maxLength={50} />
        <SelectField
          name="suffix"
          label={i18n._('Suffix')}
          autoComplete="honorific-suffix"
          options={SUFFIX_OPTIONS}
          required={false}
          emptyOption={false}
        />
        <MaskedField name="dateOfBirth" kind="date" label={i18n._('Date of birth')} hint={i18n._('MM/DD/YYYY')} autoComplete="bday" />
        <TextField name="email" type="email" inputMode="email" label={i18n._('Email')} autoComplete="email" spellCheck={false} />
        <TextField
          name="verifyEmail"
          type="email"
          inputMode="email"
          label={i18n._('Confirm email')}
          autoComplete="email"
          spellCheck={false}
        />
        <MaskedField name="phone" kind="phone" label={i18n._('Phone number')} autoComplete="tel-national" />
        <MaskedField
          name="ssn"
          kind="ssn"
          label={i18n._('Social Security number')}
          hint={i18n._('Used only for the credit check; stored encrypted.')}
          autoComplete="off"
        />
        <SelectField name="maritalStatus" label={i18n._('Marital status')} options={MARITAL_OPTIONS} />
      </div>
    </StepShell>
  );
}
