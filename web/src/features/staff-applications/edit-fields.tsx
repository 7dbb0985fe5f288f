import { useLingui } from '@lingui/react';
import type { ComponentProps, ReactNode } from 'react';
import { Controller, get, useFormContext, useFormState } from 'react-hook-form';
import type { Option } from '../../../../domain/enums.ts';
import { applyDateMask, applyPhoneMask, applySsnMask } from '../../../../domain/masks.ts';
import { US_STATE_OPTIONS } from '../../../../domain/us-states.ts';
import { SelectOptions } from '../../components/select-options.tsx';
import { ADDRESS_LABELS, EMPLOYMENT_LABELS } from './labels.ts';

const fieldId = (name: string) => `edit-${name.replace(/\./g, '-')}`;

/** The field's error as the form holds it: a domain message id, translated where shown. */
function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const error: unknown = get(errors, name);
  const message: unknown = typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

type Control = { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

function Frame({ name, label, children }: { name: string; label: string; children: (control: Control) => ReactNode }) {
  const { i18n } = useLingui();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <div className={error ? 'edit-field edit-field--invalid' : 'edit-field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error !== undefined, 'aria-describedby': error ? `${id}-error` : undefined })}
      {/* docs/product/application-wizard.md#validation: field errors show as helper text under inputs. */}
      {error ? (
        <p id={`${id}-error`} className="edit-field__error">
          {i18n._(error)}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({
  name,
  label,
  type = 'text',
  inputMode,
}: {
  name: string;
  label: string;
  type?: 'text' | 'email';
  inputMode?: 'decimal' | 'numeric';
}) {
  const { register } = useFormContext();
  return (
    <Frame name={name} label={label}>
      {(control) => <input {...control} {...register(name)} type={type} inputMode={inputMode} autoComplete="off" />}
    </Frame>
  );
}

const MASKS = { phone: applyPhoneMask, ssn: applySsnMask, date: applyDateMask } as const;
const PLACEHOLDERS = { phone: '(000) 000-0000', ssn: '000-00-0000', date: 'MM/DD/YYYY' } as const;

/**
 * An input shaped by the domain's mask as staff type or paste (docs/product/application-wizard.md#validation: (000) 000-0000,
 * 000-00-0000, 00/00/0000). A masked SSN (***-**-1234) stays as it is until staff type over it.
 */
export function MaskedInput({ name, label, mask }: { name: string; label: string; mask: keyof typeof MASKS }) {
  const { control } = useFormContext();
  return (
    <Frame name={name} label={label}>
      {(frame) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <input
              {...frame}
              ref={field.ref}
              name={field.name}
              value={typeof field.value === 'string' ? field.value : ''}
              onBlur={field.onBlur}
              // Typing over a masked SSN replaces it as a whole.
              onFocus={(event) => {
                if (event.target.value.includes('*')) event.target.select();
              }}
              onChange={(event) => field.onChange(event.target.value.includes('*') ? event.target.value : MASKS[mask](event.target.value))}
              inputMode="numeric"
              placeholder={PLACEHOLDERS[mask]}
              autoComplete="off"
            />
          )}
        />
      )}
    </Frame>
  );
}

export function SelectInput({ name, label, ...choices }: { name: string; label: string } & ComponentProps<typeof SelectOptions>) {
  const { register } = useFormContext();
  return (
    <Frame name={name} label={label}>
      {(control) => (
        <select {...control} {...register(name)}>
          <SelectOptions {...choices} />
        </select>
      )}
    </Frame>
  );
}

/** Street, Suite/Apt, City, State, ZIP Code under one legend (docs/product/staff-dashboard.md#editing-an-application). */
export function AddressFields({ prefix, legend }: { prefix: string; legend: string }) {
  const { i18n } = useLingui();
  return (
    <fieldset className="edit-group">
      <legend>{legend}</legend>
      <TextInput name={`${prefix}.line1`} label={i18n._(ADDRESS_LABELS.line1)} />
      <TextInput name={`${prefix}.line2`} label={i18n._(ADDRESS_LABELS.line2)} />
      <TextInput name={`${prefix}.city`} label={i18n._(ADDRESS_LABELS.city)} />
      <SelectInput name={`${prefix}.state`} label={i18n._(ADDRESS_LABELS.state)} options={US_STATE_OPTIONS} translate={false} />
      <TextInput name={`${prefix}.postalCode`} label={i18n._(ADDRESS_LABELS.postalCode)} inputMode="numeric" />
    </fieldset>
  );
}

/** Employer Name, Occupation, Work Phone, Employment Status, months and the employer's address. */
export function EmploymentFields({
  prefix,
  legend,
  statusOptions,
}: {
  prefix: string;
  legend: string;
  statusOptions: readonly Option<string>[];
}) {
  const { i18n } = useLingui();
  return (
    <fieldset className="edit-group">
      <legend>{legend}</legend>
      <TextInput name={`${prefix}.employerName`} label={i18n._(EMPLOYMENT_LABELS.employerName)} />
      <TextInput name={`${prefix}.occupation`} label={i18n._(EMPLOYMENT_LABELS.occupation)} />
      <MaskedInput name={`${prefix}.workPhone`} label={i18n._(EMPLOYMENT_LABELS.workPhone)} mask="phone" />
      <SelectInput name={`${prefix}.status`} label={i18n._(EMPLOYMENT_LABELS.status)} options={statusOptions} />
      <TextInput name={`${prefix}.totalMonthsEmployed`} label={i18n._('Months employed')} inputMode="numeric" />
      <AddressFields prefix={`${prefix}.employerAddress`} legend={i18n._(EMPLOYMENT_LABELS.employerAddress)} />
    </fieldset>
  );
}
