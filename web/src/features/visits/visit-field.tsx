import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';

interface VisitFieldControl {
  id: string;
  'aria-labelledby': string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean | undefined;
  status: 'error' | 'default';
}

/**
 * A visible label above a telegram-ui control, its hint and error below. telegram-ui wraps the
 * control in a <label> of its own, whose content (the typed value) would join the name, so the
 * name comes from aria-labelledby, as on the car page's deal builder.
 */
export function VisitField({
  id,
  label,
  hint,
  error,
  optional = false,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  /** Already translated. */
  error: string | undefined;
  optional?: boolean;
  children: (control: VisitFieldControl) => ReactNode;
}) {
  const { i18n } = useLingui();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'visit-field visit-field--invalid' : 'visit-field'}>
      <label id={labelId} htmlFor={id} className="visit-field__label">
        {label}
        {optional ? <span className="visit-field__optional"> ({i18n._('Optional')})</span> : null}
      </label>
      {children({
        id,
        'aria-labelledby': labelId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        status: error ? 'error' : 'default',
      })}
      {hint ? (
        <p id={hintId} className="visit-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
