import { EditField, type FieldControl } from '../../components/staff/edit-field.tsx';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { get, useFormContext, useFormState } from 'react-hook-form';
import type { CarWriteField } from '../../../../domain/inventory.schema.ts';
import { CAR_FIELD_LABELS, fieldId } from './car-form-values.ts';

/** The field's error as the form holds it: a domain message id, translated where shown. */
export function useCarFieldError(name: CarWriteField): string | undefined {
  const { errors } = useFormState({ name });
  const error: unknown = get(errors, name);
  const message: unknown = typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

interface FrameProps {
  name: CarWriteField;
  /** Shown under the input, before any error: live VIN checks, the other car of a duplicate. */
  hint?: ReactNode;
  optional?: boolean;
  children: (control: FieldControl) => ReactNode;
}

/** Label above, hint and error below (docs/product/application-wizard.md#validation: field errors show as helper text under inputs). */
export function CarField({ name, hint, optional = false, children }: FrameProps) {
  const { i18n } = useLingui();
  const error = useCarFieldError(name);
  return (
    <EditField id={fieldId(name)} label={i18n._(CAR_FIELD_LABELS[name])} optional={optional} hint={hint} error={error && i18n._(error)}>
      {children}
    </EditField>
  );
}

export function CarTextInput({
  name,
  optional,
  numeric = false,
  list,
}: {
  name: CarWriteField;
  optional?: boolean;
  numeric?: boolean;
  /** The id of a datalist of suggested values. */
  list?: string;
}) {
  const { register } = useFormContext();
  return (
    <CarField name={name} optional={optional}>
      {(control) => (
        <input {...control} {...register(name)} type="text" inputMode={numeric ? 'numeric' : undefined} list={list} autoComplete="off" />
      )}
    </CarField>
  );
}

export function CarSelect({
  name,
  options,
  optional,
}: {
  name: CarWriteField;
  options: Array<{ value: string; label: string }>;
  optional?: boolean;
}) {
  const { register } = useFormContext();
  return (
    <CarField name={name} optional={optional}>
      {(control) => (
        <select {...control} {...register(name)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </CarField>
  );
}

export function CarTextarea({ name, rows }: { name: CarWriteField; rows: number }) {
  const { register } = useFormContext();
  return (
    <CarField name={name} optional>
      {(control) => <textarea {...control} {...register(name)} rows={rows} />}
    </CarField>
  );
}

export function CarCheckbox({ name }: { name: CarWriteField }) {
  const { i18n } = useLingui();
  const { register } = useFormContext();
  const error = useCarFieldError(name);
  const id = fieldId(name);
  return (
    <div className={error ? 'edit-field edit-field--invalid' : 'edit-field'}>
      <label className="filters__check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          {...register(name)}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{i18n._(CAR_FIELD_LABELS[name])}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="edit-field__error">
          {i18n._(error)}
        </p>
      ) : null}
    </div>
  );
}
