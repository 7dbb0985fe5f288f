import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';

/** What a field's control is given: its id, and the hint and error it is described by. */
export type FieldControl = { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

/**
 * A staff form's field: label above, hint and error below, tied to the control by id
 * (docs/product/application-wizard.md#validation: field errors show as helper text under inputs).
 * The error comes translated.
 */
export function EditField({
  id,
  label,
  optional = false,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  optional?: boolean;
  hint?: ReactNode;
  error: string | undefined;
  children: (control: FieldControl) => ReactNode;
}) {
  const { i18n } = useLingui();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'edit-field edit-field--invalid' : 'edit-field'}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="edit-field__optional"> {i18n._('(optional)')}</span> : null}
      </label>
      {children({ id, 'aria-invalid': error !== undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <div id={`${id}-hint`} className="edit-field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="edit-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
