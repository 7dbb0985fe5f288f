import { useLingui } from '@lingui/react';
import type { ComponentProps, HTMLAttributes, ReactNode } from 'react';
import { Controller, get, useFormContext, useFormState } from 'react-hook-form';
import { US_STATE_OPTIONS } from '../../../../../domain/us-states.ts';
import { SelectOptions } from '../../../components/select-options.tsx';
import { fieldId } from '../wizard-steps.ts';
import { useMaskedInput, type MaskKind } from './use-masked-input.ts';

/** The message of the error at `path`, if there is one. */
export function messageAt(errors: unknown, path: string): string | undefined {
  const error: unknown = get(errors, path);
  const message: unknown = typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** The error of a field, as the form library holds it: the message is a domain message id. */
function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  return messageAt(errors, name);
}

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error: string | undefined;
  required?: boolean | undefined;
  children: (control: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
    'aria-required': boolean | undefined;
  }) => ReactNode;
}

/** Label above, hint and error below (docs/product/application-wizard.md#validation: field errors show as helper text under inputs). */
function FieldFrame({ id, label, hint, error, required, children }: FieldFrameProps) {
  const { i18n } = useLingui();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        <span className="field__label-text">{label}</span>
        {required ? null : <span className="field__optional"> {i18n._('(optional)')}</span>}
      </label>
      {children({ id, 'aria-invalid': error !== undefined, 'aria-describedby': describedBy, 'aria-required': required || undefined })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {i18n._(error)}
        </p>
      ) : null}
    </div>
  );
}

interface BaseFieldProps {
  /** Dot path in the step's form, e.g. "previousAddress.city". */
  name: string;
  label: string;
  hint?: string | undefined;
  required?: boolean;
  autoComplete?: string;
}

interface TextFieldProps extends BaseFieldProps {
  type?: 'text' | 'email' | 'tel';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  spellCheck?: boolean;
}

export function TextField({
  name,
  label,
  hint,
  required = true,
  autoComplete = 'off',
  type = 'text',
  inputMode,
  maxLength,
  spellCheck,
}: TextFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <input
          {...control}
          {...register(name)}
          className="field__input"
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          maxLength={maxLength}
          spellCheck={spellCheck}
        />
      )}
    </FieldFrame>
  );
}

type SelectFieldProps = BaseFieldProps & ComponentProps<typeof SelectOptions>;

export function SelectField({
  name,
  label,
  hint,
  required = true,
  autoComplete = 'off',
  options,
  translate,
  emptyOption,
}: SelectFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <select {...control} {...register(name)} className="field__input field__select" autoComplete={autoComplete}>
          <SelectOptions options={options} translate={translate} emptyOption={emptyOption} />
        </select>
      )}
    </FieldFrame>
  );
}

export function StateField(props: Omit<SelectFieldProps, 'options' | 'translate'>) {
  return <SelectField {...props} options={US_STATE_OPTIONS} translate={false} />;
}

interface MaskedInputProps {
  kind: MaskKind;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
  control: Parameters<FieldFrameProps['children']>[0];
  autoComplete: string;
  name: string;
}

const INPUT_MODE: Record<MaskKind, 'tel' | 'numeric'> = { phone: 'tel', ssn: 'numeric', date: 'numeric' };
const PLACEHOLDER: Record<MaskKind, string> = { phone: '(555) 123-4567', ssn: '123-45-6789', date: 'MM/DD/YYYY' };

function MaskedInput({ kind, value, onChange, onBlur, inputRef, control, autoComplete, name }: MaskedInputProps) {
  const ref = useMaskedInput({ kind, value, onChange, inputRef });
  return (
    <input
      {...control}
      ref={ref}
      name={name}
      onBlur={onBlur}
      className="field__input"
      type={kind === 'phone' ? 'tel' : 'text'}
      inputMode={INPUT_MODE[kind]}
      autoComplete={autoComplete}
      placeholder={PLACEHOLDER[kind]}
    />
  );
}

interface MaskedFieldProps extends BaseFieldProps {
  kind: MaskKind;
}

/** Phone, SSN and date inputs: the form holds the masked text, which is what the schemas read. */
export function MaskedField({ name, label, hint, required = true, autoComplete = 'off', kind }: MaskedFieldProps) {
  const { control: formControl } = useFormContext();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <Controller
          control={formControl}
          name={name}
          render={({ field }) => (
            <MaskedInput
              kind={kind}
              name={field.name}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              control={control}
              autoComplete={autoComplete}
            />
          )}
        />
      )}
    </FieldFrame>
  );
}

interface AddressFieldsProps {
  /** Dot path of the address group, e.g. "previousAddress"; '' when the fields sit at the top level. */
  names: { line1: string; line2: string; city: string; state: string; postalCode: string };
  /** An autocomplete section (WHATWG "section-*") so a browser fills each address on its own. */
  section: string;
  required?: boolean;
}

export function AddressFields({ names, section, required = true }: AddressFieldsProps) {
  const { i18n } = useLingui();
  const auto = (token: string) => `section-${section} ${token}`;
  return (
    <div className="field-grid">
      <TextField name={names.line1} label={i18n._('Street address')} autoComplete={auto('address-line1')} required={required} />
      <TextField name={names.line2} label={i18n._('Suite/Apt')} autoComplete={auto('address-line2')} required={false} />
      <TextField name={names.city} label={i18n._('City')} autoComplete={auto('address-level2')} required={required} />
      <StateField name={names.state} label={i18n._('State')} autoComplete={auto('address-level1')} required={required} />
      <TextField
        name={names.postalCode}
        label={i18n._('ZIP Code')}
        autoComplete={auto('postal-code')}
        inputMode="numeric"
        maxLength={5}
        required={required}
      />
    </div>
  );
}

export const addressNames = (prefix: string) => ({
  line1: `${prefix}.line1`,
  line2: `${prefix}.line2`,
  city: `${prefix}.city`,
  state: `${prefix}.state`,
  postalCode: `${prefix}.postalCode`,
});
