import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';

/** What the control inside spreads onto itself: its id and the names of its label, hint and error. */
export interface LabelledControl {
  id: string;
  'aria-labelledby': string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean | undefined;
}

/**
 * A shopper's form field (the trade-in's description, a visit's booking): the label above, the hint
 * and the error below, tied to the control by aria-describedby. The name also comes from
 * aria-labelledby, so a telegram-ui control, which wraps itself in a <label> of its own whose
 * content (the typed value) would join the name, is named by the visible label alone.
 */
export function LabelledField({
  id,
  label,
  hint,
  error,
  optional = false,
  block = 'field',
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  /** Already translated. */
  error: string | undefined;
  optional?: boolean;
  /** The block its classes are named from (`{block}`, `{block}--invalid`, `__label`, `__optional`, `__hint`), so each screen keeps its look. */
  block?: string;
  children: (control: LabelledControl) => ReactNode;
}) {
  const { i18n } = useLingui();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? `${block} ${block}--invalid` : block}>
      <label id={labelId} htmlFor={id} className={`${block}__label`}>
        {label}
        {optional ? <span className={`${block}__optional`}> ({i18n._('Optional')})</span> : null}
      </label>
      {children({ id, 'aria-labelledby': labelId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p id={hintId} className={`${block}__hint`}>
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
